package dev.lockkey.processor.guards;

import dev.lockkey.guard.KeyField;
import dev.lockkey.guard.Locked;
import dev.lockkey.guard.RateLimited;
import dev.lockkey.guard.Renewal;
import dev.lockkey.guard.SingleFlighted;
import dev.lockkey.lock.Lease;
import dev.lockkey.processor.specs.PaymentCapture;
import dev.lockkey.processor.specs.PaymentCaptureKey;
import java.util.List;

/**
 * A service with one guarded method per way a key is built: parameters named like the fields, a
 * request implementing the spec, the spec itself, the key class, and {@code @KeyField}. Its
 * generated {@code PaymentServiceGuards} is a golden source; {@code GuardedCallsTest} runs it on Redis.
 */
public class PaymentService {
  private final Probe probe;

  public PaymentService(Probe probe) {
    this.probe = probe;
  }

  /** Captures one order under its lock and returns the lock's fencing token. */
  @Locked(value = PaymentCapture.class, leaseTime = "10s", waitTime = "1m", renewal = Renewal.ON)
  public long capture(String tenant, long orderId, Lease lease) {
    String resource = tenant + "/" + orderId;
    probe.enter(resource);
    try {
      return lease.fencingToken();
    } finally {
      probe.leave(resource);
    }
  }

  /** Captures the order a request names. */
  @Locked(PaymentCapture.class)
  public String captureFor(CaptureRequest request) {
    return request.note();
  }

  /** Settles a capture whose key the caller built. */
  @Locked(value = PaymentCapture.class, waitTime = "0s")
  public void settle(PaymentCaptureKey key) {
    probe.enter(key.canonical());
    probe.leave(key.canonical());
  }

  /** A receipt computed once for all concurrent callers. */
  @SingleFlighted(value = PaymentCapture.class, resultTtl = "1m")
  public String receipt(PaymentCapture capture, Lease lease) {
    probe.enter(capture.tenant());
    probe.leave(capture.tenant());
    return "receipt " + capture.orderId() + " #" + lease.fencingToken();
  }

  /** At most five refunds per order and minute. */
  @RateLimited(value = PaymentCapture.class, limit = 5, window = "1m")
  public int refund(@KeyField("tenant") String tenantId, int orderId, List<String> reasons) {
    probe.enter(tenantId + "/" + orderId);
    probe.leave(tenantId + "/" + orderId);
    return reasons.size();
  }
}
