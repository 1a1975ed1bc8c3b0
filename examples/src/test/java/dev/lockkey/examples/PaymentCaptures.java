package dev.lockkey.examples;

import dev.lockkey.examples.specs.PaymentCaptureKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.redis.RedisLockExecutor;

/**
 * Code under test as a user writes it: captures an order's payment under the order's lock and
 * records it in a ledger, passing the lease's fencing token along. Whether the ledger checks the
 * token is the ledger's business: that is the difference the tests show.
 */
final class PaymentCaptures {
  /** Where captures are recorded. */
  interface Ledger {
    /**
     * Records a capture.
     *
     * @param fencingToken the token of the lease the capture ran under
     * @param amountCents the amount captured
     * @return whether the ledger took it
     */
    boolean record(long fencingToken, long amountCents);
  }

  private final RedisLockExecutor locks;
  private final LockOptions options;
  private final Ledger ledger;

  PaymentCaptures(RedisLockExecutor locks, LockOptions options, Ledger ledger) {
    this.locks = locks;
    this.options = options;
    this.ledger = ledger;
  }

  /** Captures under the lock of the tenant's order; returns whether the ledger took it. */
  boolean capture(String tenant, long orderId, long amountCents) {
    try (Lease lease = locks.acquire(PaymentCaptureKey.of(tenant, orderId), options)) {
      return ledger.record(lease.fencingToken(), amountCents);
    }
  }
}
