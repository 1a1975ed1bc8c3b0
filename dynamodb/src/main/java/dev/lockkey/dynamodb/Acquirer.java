package dev.lockkey.dynamodb;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockInterruptedException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import java.util.concurrent.TimeUnit;

/**
 * Takes one lock: one conditional write, and when the lock is held and the caller waits, another
 * after each {@link PollingBackoff} pause until the wait time is over (a last attempt at its end).
 * The attempts of one acquisition share one owner token. Thread-safe.
 */
final class Acquirer {
  private final Keyspace keyspace;
  private final DynamoLockStore store;
  private final DynamoLeaseControl control;
  private final LockListener listener;
  private final long maxPollNanos;

  Acquirer(Keyspace keyspace, DynamoLockStore store, DynamoLeaseControl control, LockListener listener,
      long maxPollNanos) {
    this.keyspace = keyspace;
    this.store = store;
    this.control = control;
    this.listener = listener;
    this.maxPollNanos = maxPollNanos;
  }

  /**
   * Takes the lock of {@code key}.
   *
   * @param wait whether to wait until {@code deadlineNanos} ({@link System#nanoTime()}) for a held lock
   * @return the lease, its watchdog started; {@code null} when the lock is held and {@code wait} is false
   * @throws LockTimeoutException when the lock stayed held until the deadline
   * @throws LockInterruptedException when the thread was interrupted while waiting
   * @throws LockException when DynamoDB failed
   */
  Lease acquire(LockKey key, LockOptions options, long startNanos, long deadlineNanos, boolean wait) {
    String fullKey = keyspace.fullKey(options.purpose(), key);
    String owner = OwnerTokens.next();
    PollingBackoff backoff = new PollingBackoff(maxPollNanos);
    boolean contended = false;
    while (true) {
      long sentAtNanos = System.nanoTime();
      AcquireResult result = attempt(key, fullKey, owner, options);
      if (result instanceof AcquireResult.Granted granted) {
        Lease lease = new Lease(control, key, fullKey, owner, granted.fencingToken(), options, sentAtNanos);
        lease.startRenewal();
        listener.onAcquired(key, System.nanoTime() - startNanos);
        return lease;
      }
      if (!contended) {
        listener.onContended(key); // once per acquisition, not per poll
        contended = true;
      }
      if (!wait) {
        return null;
      }
      long leftNanos = deadlineNanos - System.nanoTime();
      if (leftNanos <= 0) {
        listener.onTimedOut(key, System.nanoTime() - startNanos);
        throw new LockTimeoutException(fullKey, options.waitTime());
      }
      pause(fullKey, Math.min(leftNanos, backoff.nextNanos(holderLeftNanos((AcquireResult.Held) result))));
    }
  }

  private AcquireResult attempt(LockKey key, String fullKey, String owner, LockOptions options) {
    try {
      return store.tryAcquire(fullKey, owner, options.leaseTime());
    } catch (LockException e) {
      if (!(e instanceof LockInterruptedException)) {
        listener.onError(key, e);
      }
      throw e;
    }
  }

  /** How long the holder's lease has left by this process's wall clock, when DynamoDB said. */
  private long holderLeftNanos(AcquireResult.Held held) {
    return held.leaseUntilMillis().isPresent()
        ? TimeUnit.MILLISECONDS.toNanos(held.leaseUntilMillis().getAsLong() - store.clock().millis())
        : Long.MAX_VALUE;
  }

  private static void pause(String fullKey, long nanos) {
    try {
      TimeUnit.NANOSECONDS.sleep(nanos);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LockInterruptedException(fullKey);
    }
  }
}
