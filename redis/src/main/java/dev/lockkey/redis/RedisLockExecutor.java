package dev.lockkey.redis;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.internal.LeaseRenewer;
import dev.lockkey.internal.MultiKeyAcquirer;
import dev.lockkey.lock.AlreadyHeldException;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.lock.LockInterruptedException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.lock.MultiLease;
import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.redis.internal.EvictionPolicyCheck;
import dev.lockkey.redis.internal.ExecutorMachinery;
import dev.lockkey.redis.internal.LeaseMachinery;
import dev.lockkey.redis.internal.LocalWaitQueue;
import dev.lockkey.redis.internal.LockAcquirer;
import dev.lockkey.redis.internal.LockCommands;
import dev.lockkey.redis.internal.RedisLeases;
import dev.lockkey.redis.internal.RedisLockTaker;
import dev.lockkey.redis.internal.ReleaseNotifier;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.Objects;
import java.util.Optional;

/**
 * Takes locks on {@link LockKey}s in Redis: one executor per application and key space, shared by
 * all threads. Build it on a {@link RedisConnection}, the one entry point per Redis client: Jedis
 * (the default; any {@code UnifiedJedis} of Jedis 6.0 to 8: a {@code RedisClient} (Jedis 7.2+) or
 * {@code JedisPooled} (Jedis 6, 7) for one server, a {@code RedisClusterClient} (Jedis 7.2+) or
 * {@code JedisCluster} for Redis Cluster) through {@code JedisConnection.of}, Lettuce through
 * {@code LettuceConnection.of}:
 *
 * <pre>{@code
 * RedisConnection redis = JedisConnection.of(redisClient);
 * RedisLockExecutor locks = RedisLockExecutor.create(redis, Keyspace.of("prod"));
 * try (Lease lease = locks.acquire(PaymentCaptureKey.of("t42", 98765))) {
 *   ledger.capture(payment, lease.fencingToken());
 * }
 * }</pre>
 *
 * <p>No Jedis type appears in this class or the purposes' classes, so an application on Lettuce
 * alone needs no Jedis on its class path.
 *
 * An uncontended acquire and a release are one round trip each. The {@link dev.lockkey.redis
 * package documentation} describes the Redis data, fencing tokens, waiting and failures. This class
 * is the API and the wiring; the parts live in {@code dev.lockkey.redis.internal}.
 *
 * <p>The executor owns one set of lease machinery: two renewal threads and a callback thread, a
 * clean-up thread, and one subscriber connection. Purposes created on the executor share it, in its
 * key space and with its listener: {@code RedisIdempotentCalls.create(executor)},
 * {@code RedisPermits.create(executor)}, {@code RedisReadWriteLocks.create(executor)} (and
 * {@code RedisSingleFlight}, whose leaders take the executor's locks). Closing one of them closes
 * nothing; closing the executor stops them all.
 */
public final class RedisLockExecutor implements LockExecutor {
  private final Keyspace keyspace;
  private final LockOptions defaults;
  private final LockListener listener;
  private final boolean cluster;
  private final LeaseMachinery machinery;
  private final ReleaseNotifier notifier;
  private final LocalWaitQueue waitQueue;
  private final RedisLeases leases;
  private final LockAcquirer acquirer;
  private final MultiKeyAcquirer multiKey;
  private final EvictionPolicyCheck evictionCheck;
  private volatile boolean closed;

  static {
    ExecutorMachinery.grant(executor -> executor.machinery);
  }

  RedisLockExecutor(RedisConnection redis, Keyspace keyspace, LockOptions defaults, LockListener unshielded, Clock clock,
      Duration fenceGrace, int replicas, Duration replicaTimeout) {
    this.keyspace = keyspace;
    this.defaults = defaults;
    this.machinery = LeaseMachinery.start(redis, unshielded, "lockkey-");
    this.listener = machinery.listener();
    LeaseRenewer renewer = machinery.renewer();
    LockCommands commands = new LockCommands(redis, fenceGrace, replicas, replicaTimeout, machinery.housekeeper());
    this.cluster = commands.isCluster();
    this.notifier = machinery.notifier();
    this.waitQueue = new LocalWaitQueue(listener);
    this.leases = new RedisLeases(commands, notifier, waitQueue, renewer, listener, clock);
    this.acquirer = new LockAcquirer(keyspace, commands, notifier, waitQueue, leases, listener);
    this.multiKey = new MultiKeyAcquirer(keyspace,
        new RedisLockTaker(keyspace, commands, notifier, acquirer, leases, listener), listener);
    this.evictionCheck = EvictionPolicyCheck.start(redis, listener);
  }

  /**
   * An executor on any Redis client, with {@link LockOptions#defaults()} and no listener.
   *
   * @param redis the client through the connection port, e.g. {@code LettuceConnection.of(client)}
   * @param keyspace the key space, e.g. {@code Keyspace.of("prod")}
   * @return the executor; close it before the connection
   */
  public static RedisLockExecutor create(RedisConnection redis, Keyspace keyspace) {
    return builder(redis, keyspace).build();
  }

  /**
   * A builder for an executor on any Redis client through the connection port (the caller keeps
   * and closes the client) and {@code keyspace}.
   *
   * @param redis the client through the connection port, e.g. {@code LettuceConnection.of(client)}
   * @param keyspace the key space, e.g. {@code Keyspace.of("prod")}
   * @return the builder
   */
  public static RedisLockExecutorBuilder builder(RedisConnection redis, Keyspace keyspace) {
    return new RedisLockExecutorBuilder(redis, keyspace);
  }

  /**
   * The key space whose full keys this executor locks.
   *
   * @return the key space whose full keys this executor locks
   */
  @Override
  public Keyspace keyspace() {
    return keyspace;
  }

  /**
   * The options used where none are given.
   *
   * @return the options used where none are given
   */
  @Override
  public LockOptions defaultOptions() {
    return defaults;
  }

  /**
   * The listener this executor tells, shielded so that it never throws: for purposes built on the executor.
   *
   * @return the listener this executor tells, shielded so that it never throws
   */
  public LockListener listener() {
    return listener;
  }

  /**
   * {@link #tryAcquire(LockKey, LockOptions)} with the default options.
   *
   * @param key the key
   * @return the lease, or empty when someone holds the lock
   */
  @Override
  public Optional<Lease> tryAcquire(LockKey key) {
    return tryAcquire(key, defaults);
  }

  /**
   * Takes the lock if it is free now, without waiting (the options' wait time is ignored); empty
   * when someone holds it, or a thread of this executor (this one included) holds or is taking it.
   *
   * @param key the key
   * @param options the options of this call
   * @return the lease, or empty when someone holds the lock
   * @throws RedisUnavailableException when Redis did not answer
   */
  @Override
  public Optional<Lease> tryAcquire(LockKey key, LockOptions options) {
    ensureOpen(options);
    long start = System.nanoTime();
    return Optional.ofNullable(acquirer.acquire(key, options, start, start, false));
  }

  /**
   * {@link #acquire(LockKey, LockOptions)} with the default options.
   *
   * @param key the key
   * @return the lease; close it to release the lock
   */
  @Override
  public Lease acquire(LockKey key) {
    return acquire(key, defaults);
  }

  /**
   * Takes the lock, waiting at most the options' wait time for it.
   *
   * @param key the key
   * @param options the options of this call
   * @return the lease; close it to release the lock
   * @throws LockTimeoutException when it stayed held for the whole wait time
   * @throws AlreadyHeldException at once, when this thread holds the lock already (locks are not
   *     reentrant)
   * @throws LockInterruptedException when the thread was interrupted while waiting
   * @throws RedisUnavailableException when Redis did not answer, to this thread or, at once, to
   *     the thread of this executor it queued behind
   */
  @Override
  public Lease acquire(LockKey key, LockOptions options) {
    ensureOpen(options);
    long start = System.nanoTime();
    return acquirer.acquire(key, options, start, start + options.waitTime().toNanos(), true);
  }

  /**
   * {@link #acquireAll(Collection, LockOptions)} with the default options.
   *
   * @param keys the keys
   * @return the leases of all keys; close it to release them
   */
  @Override
  public MultiLease acquireAll(Collection<? extends LockKey> keys) {
    return acquireAll(keys, defaults);
  }

  /**
   * Takes the locks of all {@code keys} (duplicates count once), or none, waiting at most the
   * options' wait time in all: in one canonical order, in one round trip when they share a slot.
   * Across slots, the leases taken first are extended to a full lease before this returns, so every
   * member is held for a full lease from then (the package documentation says how).
   *
   * @param keys the keys
   * @param options the options of this call
   * @return the leases of all keys; close it to release them
   * @throws IllegalArgumentException when {@code keys} is empty
   * @throws AlreadyHeldException at once, when this thread holds one of the locks already
   * @throws LockTimeoutException naming a key that stayed held
   * @throws LockInterruptedException when the thread was interrupted while waiting
   * @throws RedisUnavailableException when Redis did not answer
   */
  @Override
  public MultiLease acquireAll(Collection<? extends LockKey> keys, LockOptions options) {
    ensureOpen(options);
    return multiKey.acquireAll(keys, options);
  }

  /**
   * What this executor holds now; see {@link ExecutorStats}.
   *
   * @return what this executor holds now
   */
  public ExecutorStats stats() {
    return new ExecutorStats(waitQueue.keys(), waitQueue.waitingThreads(), leases.held(), leases.renewing(),
        notifier.isHealthy(), evictionCheck.finding());
  }

  /**
   * Stops the renewal watchdog (leases still held then run out by their lease time), the release
   * subscriber and the clean-ups after unknown outcomes still due, for this executor and for the
   * purposes that share them ({@code RedisIdempotentCalls.create(executor)},
   * {@code RedisPermits.create(executor)}, {@code RedisReadWriteLocks.create(executor)}). Does not
   * close the client. Further acquisitions fail, theirs too.
   */
  @Override
  public void close() {
    closed = true;
    machinery.close();
  }

  @Override
  public String toString() {
    return "RedisLockExecutor[" + keyspace.env() + (cluster ? ", cluster" : "") + "]";
  }

  private void ensureOpen(LockOptions options) {
    Objects.requireNonNull(options, "options");
    if (closed) {
      throw new IllegalStateException(this + " is closed");
    }
  }
}
