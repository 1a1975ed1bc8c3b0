package dev.lockkey.redis.internal;

import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.redis.RedisUnavailableException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import redis.clients.jedis.exceptions.JedisConnectionException;

/**
 * One executor's lock path on one key, with a {@link ModelStore} for Redis: the real
 * {@link LocalWaitQueue} and {@link KeyQueue}, called in the order {@link LockAcquirer#acquire} and
 * {@link RedisLeases} call them (enter, wait for the turn or the grant, take the lock, hold; on
 * release claim the next waiter and hand the lock over, or leave). Only the Redis round trips are
 * replaced, by the store's atomic steps, so a model checker explores the interleavings of the
 * queue's own code. A command the store refuses, or a thread that sleeps through its hand-off, is a
 * defect of the queue. Thread-safe.
 */
final class ModelExecutor {
  /** How a release hands the lock to the next local waiter. */
  enum HandOff {
    /** The handoff script passes the lock: the waiter is handed it and takes the new lease. */
    GRANT,
    /** The release deletes the lock and the waiter gets its turn to take it (an executor waiting for replicas). */
    TURN
  }

  /** A lease and the local queue it holds. */
  record Held(Lease lease, KeyQueue queue) {}

  static final SampleKey KEY = SampleKey.item("model");
  static final String LOCK = "lock:model:{" + KEY.canonical() + "}";
  static final LockOptions OPTIONS = LockOptions.builder().leaseTime(Duration.ofHours(1)).renewal(false).build();
  /** Longer than any model run: a wait ends by a hand-off, never by its deadline. */
  private static final long WAIT_NANOS = Duration.ofHours(1).toNanos();

  private final LocalWaitQueue queues = new LocalWaitQueue(LockListener.NONE);
  private final ModelStore store = new ModelStore();
  private final HandOff handOff;
  private final AtomicInteger owners = new AtomicInteger();

  ModelExecutor(HandOff handOff) {
    this.handOff = handOff;
  }

  /**
   * Takes the lock: after the local queue's turn, in the store; or by a grant.
   *
   * @throws IllegalStateException when the store refused: the queue gave a turn while the lock was held
   * @throws RedisUnavailableException when the holder this thread queued behind failed
   */
  Held acquire() {
    KeyQueue.Waiter me = queues.enter(LOCK, KEY, OPTIONS, 0, true);
    KeyQueue queue = me.queue;
    if (me.state() != KeyQueue.Waiter.TURN) {
      LocalHandoff handedOver = queues.awaitTurn(me, System.nanoTime() + WAIT_NANOS);
      if (handedOver != null) { // as LockAcquirer: this thread takes the lease passed to it
        Lease lease = new Lease(ModelLeaseControl.INSTANCE, KEY, LOCK, handedOver.successor().owner(),
            handedOver.result().token(), OPTIONS, 0);
        queue.hold(me, lease, !handedOver.looked());
        return new Held(lease, queue);
      }
    }
    String owner = nextOwner();
    long token = store.take(owner);
    if (token < 0) {
      queues.leave(queue, me);
      throw new IllegalStateException("the local queue gave a turn while " + store.owner() + " holds the lock");
    }
    Lease lease = new Lease(ModelLeaseControl.INSTANCE, KEY, LOCK, owner, token, OPTIONS, 0);
    queue.hold(me, lease, false);
    return new Held(lease, queue);
  }

  /** Enters the free lock's local queue: the waiter whose turn it is to try Redis. */
  KeyQueue.Waiter enterFirst() {
    KeyQueue.Waiter me = queues.enter(LOCK, KEY, OPTIONS, 0, true);
    if (me.state() != KeyQueue.Waiter.TURN) {
      throw new IllegalStateException("the lock is busy here");
    }
    return me;
  }

  /** The attempt of {@code trying}, whose turn it was, met a Redis failure: those queued behind it fail with it. */
  void failAttempt(KeyQueue.Waiter trying) {
    queues.fail(trying.queue, trying, outage());
  }

  /**
   * Releases as {@link RedisLeases#release} does: the next local waiter, if any, is claimed and
   * handed the lock; else the lock is deleted and the queue left.
   *
   * @throws IllegalStateException when the store refused: the lease did not own the lock
   */
  void release(Held held) {
    Lease lease = held.lease();
    KeyQueue queue = held.queue();
    try {
      KeyQueue.Waiter next = queue.claimNext(lease);
      if (next != null && handOff == HandOff.GRANT) {
        String owner = nextOwner();
        long token = store.handOff(lease.ownerToken(), owner);
        if (token < 0) {
          next.queue.giveTurn(next);
          throw new IllegalStateException(lease.ownerToken() + " handed over a lock it did not own");
        }
        next.queue.handOver(next, new LocalHandoff(new RemoteWaiter(null, null, List.of(), owner, next.thread()),
            new LockCommands.HandoffResult(LockCommands.Handoff.PASSED, token, LockCommands.Attempt.NOT_QUEUED,
                OPTIONS.leaseTime()), 0, false));
        return;
      }
      boolean released;
      try {
        released = store.release(lease.ownerToken());
      } finally {
        if (next != null) {
          next.queue.giveTurn(next);
        }
      }
      if (!released) {
        throw new IllegalStateException(lease.ownerToken() + " released a lock it did not own");
      }
    } finally {
      queues.leave(queue, lease);
    }
  }

  /** The owner token of the lock in the store, or {@code null} when it is free. */
  String storeOwner() {
    return store.owner();
  }

  /** How many keys the executor tracks locally. */
  int trackedKeys() {
    return queues.keys();
  }

  private static RedisUnavailableException outage() {
    return new RedisUnavailableException(LOCK, new JedisConnectionException("model outage"));
  }

  private String nextOwner() {
    return "owner-" + owners.incrementAndGet();
  }
}
