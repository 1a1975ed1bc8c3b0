package dev.lockkey.redis.rwlock;

import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
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
 * Thread-safe; {@link #close()} stops its threads.
 */
public final class RedisReadWriteLocks implements ReadWriteLocks {
  private final Keyspace keyspace;
  private final SharedLocks locks;

  private RedisReadWriteLocks(RedisConnection redis, Keyspace keyspace, LockListener listener) {
    this.keyspace = Objects.requireNonNull(keyspace, "keyspace");
    this.locks = new SharedLocks(Objects.requireNonNull(redis, "redis"), Objects.requireNonNull(listener, "listener"),
        "lockkey-rw-");
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
    return new RedisReadWriteLocks(redis, keyspace, listener);
  }

  @Override
  public Keyspace keyspace() {
    return keyspace;
  }

  @Override
  public Optional<Lease> tryRead(LockKey key, LockOptions options) {
    return locks.take(key, names(key, options), SharedKind.READ, 0, options, false);
  }

  @Override
  public Lease read(LockKey key, LockOptions options) {
    SharedNames names = names(key, options);
    return locks.take(key, names, SharedKind.READ, 0, options, true)
        .orElseThrow(() -> new LockTimeoutException(names.holders(), options.waitTime()));
  }

  @Override
  public Optional<Lease> tryWrite(LockKey key, LockOptions options) {
    return locks.take(key, names(key, options), SharedKind.WRITE, 0, options, false);
  }

  @Override
  public Lease write(LockKey key, LockOptions options) {
    SharedNames names = names(key, options);
    return locks.take(key, names, SharedKind.WRITE, 0, options, true)
        .orElseThrow(() -> new LockTimeoutException(names.writer(), options.waitTime()));
  }

  @Override
  public Lease downgrade(Lease writeLease, LockOptions options) {
    Objects.requireNonNull(writeLease, "writeLease");
    Objects.requireNonNull(options, "options");
    return locks.downgrade(writeLease, names(writeLease.key(), writeLease.options()), options);
  }

  @Override
  public void close() {
    locks.close();
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
