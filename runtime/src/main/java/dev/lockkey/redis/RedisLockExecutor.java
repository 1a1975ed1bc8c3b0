package dev.lockkey.redis;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.redis.LocalQueue.Waiter;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.UnifiedJedis;

/**
 * Takes locks on {@link LockKey}s in Redis: one executor per application and key space, shared by
 * all threads. Build it from a Jedis 8 {@code RedisClient} (one server) or
 * {@code RedisClusterClient} (Redis Cluster):
 *
 * <pre>{@code
 * RedisLockExecutor locks = RedisLockExecutor.create(redisClient, Keyspace.of("prod"));
 * try (Lease lease = locks.acquire(PaymentCaptureKey.of("t42", 98765))) {
 *   ledger.capture(payment, lease.fencingToken());
 * }
 * }</pre>
 *
 * <h2>Cost</h2>
 * An uncontended acquire is one round trip (one Lua script sets the lock with NX and its lease and
 * yields the fencing token), a release is one. Scripts run by EVALSHA, falling back to EVAL when
 * the server does not know them (first use, restart, failover, SCRIPT FLUSH).
 *
 * <h2>Redis data</h2>
 * For a key with body {@code b} in environment {@code e}, all in the slot of the hash tag {@code {b}}:
 * <ul>
 *   <li>{@code lock:e:{b}}: the holder's owner token, with the lease as TTL; deleted on release.
 *   <li>{@code fence:e:{b}}: the last fencing token, with TTL lease + 10 minutes
 *       ({@link LockScripts#FENCE_GRACE}), renewed with the lease. This is the only state left after
 *       a release, and it expires: a million keys a day leave about seven thousand fence keys at any
 *       time, not a million more each day (compare Redisson #6510).
 *   <li>{@code contended:e:{b}}: set for 2 s by an attempt that found the lock held, deleted by the
 *       next acquisition; tells the holder's release to publish.
 *   <li>pub/sub channel {@code released:e:{b}}: a release publishes there when the marker shows a
 *       waiter (an uncontended release publishes nothing).
 * </ul>
 * These are the names of the default {@link LockOptions#purpose() purpose} {@code lock}. A lock of
 * another purpose {@code p} uses {@code p:e:{b}}, {@code p-fence:e:{b}}, {@code p-contended:e:{b}}
 * and {@code p-released:e:{b}}: it is independent of the {@code lock} on the same body
 * ({@link SingleFlight} elects its leaders with {@code flight} locks).
 * Nothing is deleted or extended without checking the owner token in the same script: a holder
 * whose lease ran out can never release or extend the next holder's lock (ShedLock #2583).
 *
 * <h2>Fencing tokens</h2>
 * The acquiring script issues {@code max(last token + 1, Redis TIME in microseconds)}. While the
 * fence key lives, tokens rise by the stored value; once it expired (ten minutes after the last
 * lease ended) the time floor keeps them rising, because a lock is taken at most about once per
 * microsecond. Assumption: the Redis server's clock (or, after a failover, the new primary's) never
 * stands more than those ten minutes behind the clock that issued an earlier token. The time floor
 * also covers a fence value lost in a failover when clocks agree.
 *
 * <h2>Waiting</h2>
 * Threads of this executor waiting for the same key queue here in arrival order; only the first
 * talks to Redis. A release hands the lock to the next local waiter in the same round trip (a new
 * owner token and fencing token, so the lease is the waiter's own), unless a waiter in another
 * executor left the contention marker: then the lock is released and published, and all contenders
 * race for it. Across executors there is no queue, so no fairness guarantee beyond that. A thread
 * that must wait for another executor subscribes to the key's release channel (one pub/sub
 * connection per executor, resubscribed after reconnects) before its next attempt, and polls as a
 * fallback after the holder's remaining lease, at most 0.5 s, jittered. Waiting honours
 * interruption ({@link LockInterruptedException}) and the wait time ({@link LockTimeoutException}).
 * In Redis Cluster a classic PUBLISH reaches every node (SPUBLISH needs Redis 7), so the
 * subscriber may use any node.
 *
 * <h2>Multiple keys</h2>
 * {@link #acquireAll} takes keys in one canonical order (sorted by full key), so two callers never
 * deadlock: in one script, all or none, when the keys share a slot (always on a single server),
 * else one by one, releasing those taken when one cannot be had in time.
 *
 * <h2>Failures and limits</h2>
 * Redis failures surface as {@link RedisUnavailableException} within the client's timeouts, and the
 * executor recovers when Redis is back. Redis replicates asynchronously: after a failover the new
 * primary may not have a lock that the old one had granted, so two holders may overlap then; the
 * same happens when a holder pauses beyond its lease. Fencing tokens let the guarded resource
 * detect both. The executor keeps one connection of the client's pool while anyone waits for
 * another executor, and two daemon threads for renewals.
 */
public final class RedisLockExecutor implements AutoCloseable {
  /** How long a waiter whose wait is over keeps waiting for the handoff that a releaser already began. */
  private static final long CLAIMED_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
  private static final AtomicInteger THREADS = new AtomicInteger();

  private final Keyspace keyspace;
  private final LockOptions defaults;
  private final LockListener listener;
  private final Clock clock;
  private final boolean cluster;
  private final LockScripts scripts;
  private final ScheduledThreadPoolExecutor scheduler;
  private final ReleaseSubscriber subscriber;
  private final ConcurrentHashMap<String, LocalQueue> queues = new ConcurrentHashMap<>();
  private volatile boolean closed;

  private RedisLockExecutor(Builder builder) {
    this.keyspace = builder.keyspace;
    this.defaults = builder.defaults;
    this.listener = new SafeListener(builder.listener);
    this.clock = builder.clock;
    this.cluster = isCluster(builder.jedis);
    this.scripts = new LockScripts(builder.jedis);
    this.scheduler = new ScheduledThreadPoolExecutor(2, task -> {
      Thread thread = new Thread(task, "lockkey-renewal-" + THREADS.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    });
    this.scheduler.setRemoveOnCancelPolicy(true);
    this.subscriber = new ReleaseSubscriber(builder.jedis, scheduler);
  }

  /** Whether keys of different slots may live on different nodes: then a script must stay in one slot. */
  @SuppressWarnings("deprecation") // JedisCluster is deprecated in Jedis 8 but still a cluster client
  private static boolean isCluster(UnifiedJedis jedis) {
    return jedis instanceof RedisClusterClient || jedis instanceof JedisCluster;
  }

  /** An executor with {@link LockOptions#defaults()} and no listener. */
  public static RedisLockExecutor create(UnifiedJedis jedis, Keyspace keyspace) {
    return builder(jedis, keyspace).build();
  }

  /**
   * A builder for an executor on {@code jedis} (which the caller keeps and closes) and {@code keyspace}.
   */
  public static Builder builder(UnifiedJedis jedis, Keyspace keyspace) {
    return new Builder(jedis, keyspace);
  }

  /** The key space whose full keys this executor locks. */
  public Keyspace keyspace() {
    return keyspace;
  }

  /** The options used where none are given. */
  public LockOptions defaultOptions() {
    return defaults;
  }

  /** {@link #tryAcquire(LockKey, LockOptions)} with the default options. */
  public Optional<Lease> tryAcquire(LockKey key) {
    return tryAcquire(key, defaults);
  }

  /**
   * Takes the lock if it is free now, without waiting (the options' wait time is ignored); empty
   * when someone holds it, or another thread of this executor holds or is taking it.
   *
   * @throws RedisUnavailableException when Redis did not answer
   */
  public Optional<Lease> tryAcquire(LockKey key, LockOptions options) {
    long start = System.nanoTime();
    return Optional.ofNullable(acquireOne(key, options, start, start, false));
  }

  /** {@link #acquire(LockKey, LockOptions)} with the default options. */
  public Lease acquire(LockKey key) {
    return acquire(key, defaults);
  }

  /**
   * Takes the lock, waiting at most the options' wait time for it.
   *
   * @throws LockTimeoutException when it stayed held for the whole wait time
   * @throws LockInterruptedException when the thread was interrupted while waiting
   * @throws RedisUnavailableException when Redis did not answer
   */
  public Lease acquire(LockKey key, LockOptions options) {
    long start = System.nanoTime();
    return acquireOne(key, options, start, start + options.waitTime().toNanos(), true);
  }

  /** {@link #withLock(LockKey, LockOptions, LockedWork)} with the default options. */
  public <T, E extends Exception> T withLock(LockKey key, LockedWork<T, E> work) throws E {
    return withLock(key, defaults, work);
  }

  /**
   * Takes the lock as {@link #acquire(LockKey, LockOptions)} does, runs {@code work} with the lease
   * and releases the lock, also when the work throws.
   *
   * @return what the work returned
   * @throws E what the work threw, unchanged
   * @throws LockException as {@link #acquire(LockKey, LockOptions)}, or from the release
   */
  public <T, E extends Exception> T withLock(LockKey key, LockOptions options, LockedWork<T, E> work) throws E {
    Objects.requireNonNull(work, "work");
    try (Lease lease = acquire(key, options)) {
      return work.run(lease);
    }
  }

  /** {@link #acquireAll(Collection, LockOptions)} with the default options. */
  public MultiLease acquireAll(Collection<? extends LockKey> keys) {
    return acquireAll(keys, defaults);
  }

  /**
   * Takes the locks of all {@code keys} (duplicates count once), or none, waiting at most the
   * options' wait time in all. See the class documentation for order and round trips.
   *
   * @throws IllegalArgumentException when {@code keys} is empty
   * @throws LockTimeoutException naming a key that stayed held
   * @throws LockInterruptedException when the thread was interrupted while waiting
   * @throws RedisUnavailableException when Redis did not answer
   */
  public MultiLease acquireAll(Collection<? extends LockKey> keys, LockOptions options) {
    ensureOpen();
    Objects.requireNonNull(options, "options");
    TreeMap<String, LockKey> byName = new TreeMap<>();
    for (LockKey key : keys) {
      byName.putIfAbsent(keyspace.fullKey(options.purpose(), key), key);
    }
    if (byName.isEmpty()) {
      throw new IllegalArgumentException("acquireAll needs at least one key");
    }
    List<LockKey> ordered = List.copyOf(byName.values());
    List<LockNames> names = ordered.stream().map(key -> LockNames.of(keyspace, options.purpose(), key)).toList();
    long start = System.nanoTime();
    long deadline = start + options.waitTime().toNanos();
    if (ordered.size() > 1 && shareSlot(names)) {
      return acquireTogether(ordered, names, options, start, deadline);
    }
    List<Lease> held = new ArrayList<>();
    try {
      for (LockKey key : ordered) {
        held.add(acquireOne(key, options, start, deadline, true));
      }
      return new MultiLease(held, held.size() == 1);
    } catch (LockException e) {
      try {
        MultiLease.eachOf(held, Lease::release);
      } catch (LockException rollback) {
        e.addSuppressed(rollback);
      }
      throw e;
    }
  }

  /**
   * Stops the renewal watchdog (leases still held then run out by their lease time) and the
   * release subscriber. Does not close the Jedis client. Further acquisitions fail.
   */
  @Override
  public void close() {
    closed = true;
    subscriber.close();
    scheduler.shutdownNow();
  }

  @Override
  public String toString() {
    return "RedisLockExecutor[" + keyspace.env() + (cluster ? ", cluster" : "") + "]";
  }

  private Lease acquireOne(LockKey key, LockOptions options, long startNanos, long deadlineNanos, boolean wait) {
    ensureOpen();
    Objects.requireNonNull(options, "options");
    LockNames names = LockNames.of(keyspace, options.purpose(), key);
    Waiter me = enter(names, key, options, startNanos, wait);
    if (me == null && passExpiredHolder(queues.get(names.lock()))) {
      me = enter(names, key, options, startNanos, wait);
    }
    if (me == null) {
      listener.onContended(key);
      return null;
    }
    LocalQueue queue = me.queue;
    try {
      if (me.state() != Waiter.TURN) {
        listener.onContended(key);
        Lease handedOver = awaitTurn(me, deadlineNanos);
        if (handedOver != null) {
          return handedOver;
        }
      }
      String owner = OwnerTokens.next();
      Acquisition.Taken taken = new Acquisition(this, List.of(key), List.of(names), owner, options.leaseTime(),
          deadlineNanos).run(wait);
      if (taken == null) {
        if (wait) {
          throw timedOut(key, names.lock(), options, startNanos);
        }
        queue.pass(me);
        forget(queue);
        return null;
      }
      Lease lease = new Lease(this, key, names, owner, taken.tokens()[0], options, queue, taken.sentAtMillis());
      queue.hold(me, lease);
      lease.startRenewal();
      listener.onAcquired(key, System.nanoTime() - startNanos);
      return lease;
    } catch (RuntimeException | Error e) {
      queue.pass(me); // when we held the turn: the next waiter tries now, whatever went wrong
      forget(queue);
      if (e instanceof LockException failure) {
        reported(key, failure);
      }
      throw e;
    }
  }

  private Waiter enter(LockNames names, LockKey key, LockOptions options, long startNanos, boolean wait) {
    Waiter[] entered = new Waiter[1];
    queues.compute(names.lock(), (name, queue) -> {
      LocalQueue current = queue != null ? queue : new LocalQueue(name);
      entered[0] = current.enter(key, options, startNanos, wait);
      return current;
    });
    return entered[0];
  }

  private void forget(LocalQueue queue) {
    queues.computeIfPresent(queue.lockName, (name, current) -> current == queue && queue.isIdle() ? null : current);
  }

  /**
   * Waits in the local queue until the lock is handed over (returns the lease) or it is this
   * thread's turn to try Redis (returns {@code null}).
   */
  private Lease awaitTurn(Waiter me, long deadlineNanos) {
    LocalQueue queue = me.queue;
    boolean interrupted = false;
    while (true) {
      int state = me.state();
      if (state == Waiter.GRANTED) {
        if (interrupted) {
          Thread.currentThread().interrupt();
        }
        return me.lease();
      }
      if (state == Waiter.TURN) {
        if (interrupted) {
          Thread.currentThread().interrupt();
          throw new LockInterruptedException(queue.lockName);
        }
        return null;
      }
      long left = deadlineNanos - System.nanoTime();
      if (interrupted || left <= 0) {
        if (queue.cancel(me)) {
          forget(queue);
          if (interrupted) {
            Thread.currentThread().interrupt();
            throw new LockInterruptedException(queue.lockName);
          }
          throw timedOut(me.key, queue.lockName, me.options, me.startNanos);
        }
        LockSupport.parkNanos(queue, CLAIMED_PARK_NANOS); // a releaser is handing over: the outcome is near
        continue;
      }
      if (passExpiredHolder(queue)) {
        continue;
      }
      Lease holding = queue.holdingLease();
      if (holding != null) { // wake when its lease runs out, in case it is never released
        left = Math.min(left, TimeUnit.MILLISECONDS.toNanos(holding.millisUntilExpiry() + 1));
      }
      LockSupport.parkNanos(queue, left);
      interrupted |= Thread.interrupted();
    }
  }

  /**
   * When the lease holding {@code queue} ran out without a release (leaked, or its thread stuck),
   * lets the next waiter try: a lock that Redis no longer keeps must not block this executor.
   *
   * @return whether it did
   */
  private boolean passExpiredHolder(LocalQueue queue) {
    Lease holding = queue == null ? null : queue.holdingLease();
    if (holding == null || holding.millisUntilExpiry() >= 0) {
      return false;
    }
    queue.pass(holding);
    return true;
  }

  private MultiLease acquireTogether(List<LockKey> keys, List<LockNames> names, LockOptions options,
      long startNanos, long deadlineNanos) {
    String owner = OwnerTokens.next();
    Acquisition acquisition = new Acquisition(this, keys, names, owner, options.leaseTime(), deadlineNanos);
    Acquisition.Taken taken;
    try {
      taken = acquisition.run(true);
    } catch (LockException e) {
      throw reported(keys.get(0), e);
    }
    if (taken == null) {
      throw timedOut(acquisition.blockedKey(), acquisition.blockedFullKey(), options, startNanos);
    }
    List<Lease> leases = new ArrayList<>(keys.size());
    for (int i = 0; i < keys.size(); i++) {
      Lease lease = new Lease(this, keys.get(i), names.get(i), owner, taken.tokens()[i], options, null,
          taken.sentAtMillis());
      lease.startRenewal();
      leases.add(lease);
      listener.onAcquired(keys.get(i), System.nanoTime() - startNanos);
    }
    return new MultiLease(leases, true);
  }

  private boolean shareSlot(List<LockNames> names) {
    return !cluster || names.stream().mapToInt(LockNames::slot).distinct().count() == 1;
  }

  private LockTimeoutException timedOut(LockKey key, String fullKey, LockOptions options, long startNanos) {
    listener.onTimedOut(key, System.nanoTime() - startNanos);
    return new LockTimeoutException(fullKey, options.waitTime());
  }

  /** Tells the listener about a failure other than a timeout or an interruption, and returns it. */
  private LockException reported(LockKey key, LockException e) {
    if (!(e instanceof LockTimeoutException) && !(e instanceof LockInterruptedException)) {
      listener.onError(key, e);
    }
    return e;
  }

  /**
   * Releases leases of one owner in one slot, the callers holding their locks: a lease with local
   * waiters hands its lock to the first of them.
   */
  boolean[] release(List<Lease> leases) {
    Lease first = leases.get(0);
    LocalQueue queue = first.queue();
    try {
      Waiter next = queue == null ? null : queue.claimNext(first);
      if (next != null) {
        return new boolean[] {handOff(first, next)};
      }
      return scripts.release(leases.stream().map(Lease::names).toList(), first.owner());
    } catch (LockException e) {
      throw reported(first.key(), e);
    } finally {
      if (queue != null) {
        queue.pass(first); // unless handed over already
        forget(queue);
      }
    }
  }

  /** Releases {@code lease} and gives its lock to the claimed waiter: a lease, or the turn to try. */
  private boolean handOff(Lease lease, Waiter next) {
    String owner = OwnerTokens.next();
    long sentAtMillis = clock.millis();
    LockScripts.HandoffResult result;
    try {
      result = scripts.handoff(lease.names(), lease.owner(), owner, next.options.leaseTime());
    } catch (RuntimeException e) {
      next.queue.giveTurn(next); // it tries itself, and meets the failure if it lasts
      throw e;
    }
    if (result.outcome() != LockScripts.Handoff.PASSED) {
      next.queue.giveTurn(next);
      return result.outcome() == LockScripts.Handoff.RELEASED_FOR_OTHERS;
    }
    Lease successor = new Lease(this, next.key, lease.names(), owner, result.token(), next.options, next.queue,
        sentAtMillis);
    next.queue.grant(next, successor);
    successor.startRenewal();
    listener.onAcquired(next.key, System.nanoTime() - next.startNanos);
    return true;
  }

  /** Extends leases of one owner in one slot, the callers holding their locks. */
  boolean[] extend(List<Lease> leases, Duration leaseTime) {
    try {
      return scripts.extend(leases.stream().map(Lease::names).toList(), leases.get(0).owner(), leaseTime);
    } catch (LockException e) {
      throw reported(leases.get(0).key(), e);
    }
  }

  /** A lease was found lost: the listener hears of it, and local waiters no longer wait for it. */
  void leaseLost(Lease lease) {
    listener.onLeaseLost(lease.key());
    LocalQueue queue = lease.queue();
    if (queue != null) {
      queue.pass(lease);
      forget(queue);
    }
  }

  /** Schedules a renewal; {@code null} once the executor is closed. */
  ScheduledFuture<?> schedule(Runnable task, long delayMillis) {
    if (closed) {
      return null;
    }
    try {
      return scheduler.schedule(task, delayMillis, TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException closedMeanwhile) {
      return null;
    }
  }

  LockScripts scripts() {
    return scripts;
  }

  ReleaseSubscriber subscriber() {
    return subscriber;
  }

  LockListener listener() {
    return listener;
  }

  Clock clock() {
    return clock;
  }

  private void ensureOpen() {
    if (closed) {
      throw new IllegalStateException(this + " is closed");
    }
  }

  /** Builds a {@link RedisLockExecutor}; not thread-safe. */
  public static final class Builder {
    private final UnifiedJedis jedis;
    private final Keyspace keyspace;
    private LockOptions defaults = LockOptions.defaults();
    private LockListener listener = LockListener.NONE;
    private Clock clock = Clock.systemUTC();

    private Builder(UnifiedJedis jedis, Keyspace keyspace) {
      this.jedis = Objects.requireNonNull(jedis, "jedis");
      this.keyspace = Objects.requireNonNull(keyspace, "keyspace");
    }

    /** The options for calls that take none ({@link LockOptions#defaults()} unless set). */
    public Builder defaultOptions(LockOptions options) {
      this.defaults = Objects.requireNonNull(options, "options");
      return this;
    }

    /** Who hears about acquisitions, releases, losses and errors, e.g. a metrics recorder. */
    public Builder listener(LockListener listener) {
      this.listener = Objects.requireNonNull(listener, "listener");
      return this;
    }

    /**
     * The clock for lease expiry as this process sees it ({@link Lease#expiry()},
     * {@link Lease#checkHeld()}, when renewals give up); the system clock unless set, e.g. a
     * controllable one in tests. Waiting always uses {@link System#nanoTime()}.
     */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /** The executor. */
    public RedisLockExecutor build() {
      return new RedisLockExecutor(this);
    }
  }
}
