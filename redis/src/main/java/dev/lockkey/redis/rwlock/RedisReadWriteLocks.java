package dev.lockkey.redis.rwlock;

import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.internal.ExecutorMachinery;
import dev.lockkey.redis.internal.LeaseMachinery;
import dev.lockkey.redis.internal.SharedKind;
import dev.lockkey.redis.internal.SharedLocks;
import dev.lockkey.redis.internal.SharedNames;
import dev.lockkey.rwlock.ReadWriteLocks;
import java.util.Objects;
import java.util.Optional;

/**
 * {@link ReadWriteLocks} on Redis (a server or a cluster). A key's readers are a sorted set of
 * owner tokens by lease end, {@code rw-readers:{env}:{body}}, its writer one of at most one,
 * {@code rw-writer}, beside {@code rw-owners} (owner token to fencing token), {@code rw-fence},
 * the waiters' queue {@code rw-waiters} and {@code rw-waiting}, and {@code rw-releaser}, all in
 * the body's hash slot and expiring with what they hold. Every script drops holders past their
 * lease end by the server's clock, so a reader or writer that died frees its share at its lease end.
 *
 * <p>Policy (see {@link ReadWriteLocks}): a queued writer blocks readers that come after it; a
 * release wakes the writer at the head of the queue, or the readers at its head. A downgrade is
 * one round trip; readers queued behind the writer see it at their next poll (within a second).
 * Thread-safe.
 *
 * <p>Beside a {@link RedisLockExecutor}, create them on it ({@link #create(RedisLockExecutor)}): they
 * share its renewal threads and its one subscriber connection. {@code create(jedis, ...)} starts a
 * machinery of their own (renewal, callback and clean-up threads, a subscriber connection), which
 * {@link #close()} stops.
 */
public final class RedisReadWriteLocks implements ReadWriteLocks {
  private final Keyspace keyspace;
  private final SharedLocks locks;
  /** The machinery {@link #close()} stops: its own, or {@code null} when it shares an executor's. */
  private final LeaseMachinery owned;

  private RedisReadWriteLocks(Keyspace keyspace, LeaseMachinery machinery, LeaseMachinery owned) {
    this.keyspace = keyspace;
    this.locks = machinery.sharedLocks();
    this.owned = owned;
  }

  /**
   * Read/write locks in {@code executor}'s key space, telling its listener, on its renewal threads and its
   * subscriber connection: the way to run them beside the executor's locks (and other purposes
   * created on it) without threads and a connection of their own. Closing them closes nothing;
   * {@link RedisLockExecutor#close()} stops them.
   *
   * @param executor the executor whose machinery they share
   * @return the read/write locks
   */
  public static RedisReadWriteLocks create(RedisLockExecutor executor) {
    return new RedisReadWriteLocks(executor.keyspace(), ExecutorMachinery.of(executor), null);
  }

  /**
   * Read/write locks on any Redis client through the connection port, in {@code keyspace}, telling no listener.
   *
   * @param redis the client through the connection port, e.g. {@code LettuceConnection.of(client)}; not closed by
   *     {@link #close()}
   * @param keyspace the key space, e.g. {@code Keyspace.of("prod")}
   * @return the read/write locks; close them when done
   */
  public static RedisReadWriteLocks create(RedisConnection redis, Keyspace keyspace) {
    return create(redis, keyspace, LockListener.NONE);
  }

  /**
   * Read/write locks that tell {@code listener} of acquisitions, contention, releases, renewals and losses.
   *
   * @param redis the client through the connection port, e.g. {@code LettuceConnection.of(client)}; not closed by
   *     {@link #close()}
   * @param keyspace the key space, e.g. {@code Keyspace.of("prod")}
   * @param listener who hears of grants, releases, losses and errors
   * @return the read/write locks; close them when done
   */
  public static RedisReadWriteLocks create(RedisConnection redis, Keyspace keyspace, LockListener listener) {
    Objects.requireNonNull(keyspace, "keyspace");
    LeaseMachinery machinery = LeaseMachinery.start(Objects.requireNonNull(redis, "redis"),
        Objects.requireNonNull(listener, "listener"), "lockkey-rw-");
    return new RedisReadWriteLocks(keyspace, machinery, machinery);
  }

  @Override
  public Keyspace keyspace() {
    return keyspace;
  }

  @Override
  public Optional<Lease> tryRead(LockKey key, LockOptions options) {
    return locks.take(this, key, names(key, options), SharedKind.READ, 0, options, false);
  }

  @Override
  public Lease read(LockKey key, LockOptions options) {
    SharedNames names = names(key, options);
    return locks.take(this, key, names, SharedKind.READ, 0, options, true)
        .orElseThrow(() -> new LockTimeoutException(names.holders(), options.waitTime()));
  }

  @Override
  public Optional<Lease> tryWrite(LockKey key, LockOptions options) {
    return locks.take(this, key, names(key, options), SharedKind.WRITE, 0, options, false);
  }

  @Override
  public Lease write(LockKey key, LockOptions options) {
    SharedNames names = names(key, options);
    return locks.take(this, key, names, SharedKind.WRITE, 0, options, true)
        .orElseThrow(() -> new LockTimeoutException(names.writer(), options.waitTime()));
  }

  @Override
  public Lease downgrade(Lease writeLease, LockOptions options) {
    Objects.requireNonNull(writeLease, "writeLease");
    Objects.requireNonNull(options, "options");
    return locks.downgrade(writeLease, names(writeLease.key(), writeLease.options()), options);
  }

  /**
   * Stops the threads and the subscriber of {@code create(redis, ...)}'s own machinery (shares
   * still held run out by their leases); closes nothing when created on an executor.
   */
  @Override
  public void close() {
    if (owned != null) {
      owned.close();
    }
  }

  @Override
  public String toString() {
    return "RedisReadWriteLocks[" + keyspace + "]";
  }

  private SharedNames names(LockKey key, LockOptions options) {
    Objects.requireNonNull(key, "key");
    return SharedNames.readWrite(keyspace, options.purpose(), key);
  }
}
