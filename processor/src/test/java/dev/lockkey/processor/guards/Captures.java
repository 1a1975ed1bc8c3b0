package dev.lockkey.processor.guards;

import dev.lockkey.guard.FencingToken;
import dev.lockkey.guard.Idempotent;
import dev.lockkey.idempotency.IdempotencyOptions.InProgress;
import dev.lockkey.processor.specs.PaymentCapture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A service whose {@code @Idempotent} methods count their runs, can be held inside until a test
 * opens a gate, and fail with the failure a test sets: {@code IdempotentGuardTest} runs them on Redis.
 */
public class Captures {
  private final AtomicInteger runs = new AtomicInteger();
  private volatile CountDownLatch entered = new CountDownLatch(1);
  private volatile CountDownLatch gate = new CountDownLatch(0);
  private volatile Exception nextFailure;

  /** Captures an amount once per order; a declined card is final, any other failure lets a retry run. */
  @Idempotent(value = PaymentCapture.class, waitTime = "2m", finalFailures = DeclinedException.class)
  public String capture(String tenant, long orderId, CaptureAmount amount, FencingToken token) throws Exception {
    run();
    return "captured " + amount.minorUnits() + " " + amount.currency() + " #" + token.value();
  }

  /** Settles a capture once; a duplicate fails at once while it runs. */
  @Idempotent(value = PaymentCapture.class, expiry = "1h", leaseTime = "10s", inProgress = InProgress.FAIL)
  public void settle(PaymentCapture capture, CaptureAmount amount) throws Exception {
    run();
  }

  /** A receipt, a type without a built-in codec. */
  @Idempotent(PaymentCapture.class)
  public Receipt receipt(String tenant, long orderId, CaptureAmount amount) throws Exception {
    run();
    return new Receipt(tenant + "/" + orderId, amount.minorUnits());
  }

  private void run() throws Exception {
    runs.incrementAndGet();
    entered.countDown();
    if (!gate.await(2, TimeUnit.MINUTES)) {
      throw new IllegalStateException("the test never opened the gate");
    }
    Exception failure = nextFailure;
    nextFailure = null;
    if (failure != null) {
      throw failure;
    }
  }

  /** How often a method body ran. */
  int runs() {
    return runs.get();
  }

  /** Holds the next runs inside until {@link #open()}. */
  void close() {
    entered = new CountDownLatch(1);
    gate = new CountDownLatch(1);
  }

  /** Lets held runs finish. */
  void open() {
    gate.countDown();
  }

  /** Whether a run entered since {@link #close()}, waiting at most a minute. */
  boolean awaitEntered() throws InterruptedException {
    return entered.await(1, TimeUnit.MINUTES);
  }

  /** The next run throws {@code failure} (after the gate). */
  void failNext(Exception failure) {
    nextFailure = failure;
  }

  /** A stored result of a user type. */
  public record Receipt(String capture, long minorUnits) {}

  /** A failure that is final: the same request would fail the same way. */
  public static final class DeclinedException extends Exception {
    private static final long serialVersionUID = 1L;

    public DeclinedException(String message) {
      super(message);
    }
  }
}
