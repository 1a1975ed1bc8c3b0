package dev.lockkey.redis.permit;

import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.permit.PermitOptions;
import dev.lockkey.permit.Permits;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.internal.ExecutorMachinery;
import dev.lockkey.redis.internal.LeaseMachinery;
import dev.lockkey.redis.internal.SharedKind;
import dev.lockkey.redis.internal.SharedLocks;
import dev.lockkey.redis.internal.SharedNames;
import java.util.Objects;
import java.util.Optional;

/**
 * {@link Permits} on Redis (a server or a cluster). Each key's permits are a sorted set of holder
 * owner tokens by lease end, {@code permits:{env}:{body}}, beside {@code permits-owners} (owner
 * token to fencing token), {@code permits-fence}, the waiters' queue {@code permits-waiters} and
 * {@code permits-waiting}, and {@code permits-releaser}, all in the body's hash slot, each expiring
 * with what it holds (the fencing state a grace period later, the releaser after a minute). Every
 * script drops holders past their lease end by the server's clock ({@code TIME}): a holder that
 * died frees its permit when its lease ends, and no caller's clock is read.
 *
 * <p>One attempt, one release and one extension are one round trip each. A waiter queues in the key's
 * queue, subscribes to {@code permits-released:{env}:{body}} and sleeps until a release names it
 * (one waiter woken per freed permit, first come first served, across processes), at most a second,
 * or until the first holder's lease ends. Thread-safe.
 *
 * <p>Beside a {@link RedisLockExecutor}, create them on it ({@link #create(RedisLockExecutor)}): they
 * share its renewal threads and its one subscriber connection. {@code create(jedis, ...)} starts a
 * machinery of their own (renewal, callback and clean-up threads, a subscriber connection), which
 * {@link #close()} stops.
 */
public final class RedisPermits implements Permits {
  private final Keyspace keyspace;
  private final SharedLocks locks;
  /** The machinery {@link #close()} stops: its own, or {@code null} when it shares an executor's. */
  private final LeaseMachinery owned;

  private RedisPermits(Keyspace keyspace, LeaseMachinery machinery, LeaseMachinery owned) {
    this.keyspace = keyspace;
    this.locks = machinery.sharedLocks();
    this.owned = owned;
  }

  /**
   * Permits in {@code executor}'s key space, telling its listener, on its renewal threads and its
   * subscriber connection: the way to run them beside the executor's locks (and other purposes
   * created on it) without threads and a connection of their own. Closing them closes nothing;
   * {@link RedisLockExecutor#close()} stops them.
   *
   * @param executor the executor whose machinery they share
   * @return the permits
   */
  public static RedisPermits create(RedisLockExecutor executor) {
    return new RedisPermits(executor.keyspace(), ExecutorMachinery.of(executor), null);
  }

  /**
   * Permits on any Redis client through the connection port, in {@code keyspace}, telling no listener.
   *
   * @param redis the client through the connection port, e.g. {@code LettuceConnection.of(client)}; not closed by
   *     {@link #close()}
   * @param keyspace the key space, e.g. {@code Keyspace.of("prod")}
   * @return the permits; close them when done
   */
  public static RedisPermits create(RedisConnection redis, Keyspace keyspace) {
    return create(redis, keyspace, LockListener.NONE);
  }

  /**
   * Permits that tell {@code listener} of acquisitions, contention, releases, renewals and losses.
   *
   * @param redis the client through the connection port, e.g. {@code LettuceConnection.of(client)}; not closed by
   *     {@link #close()}
   * @param keyspace the key space, e.g. {@code Keyspace.of("prod")}
   * @param listener who hears of grants, releases, losses and errors
   * @return the permits; close them when done
   */
  public static RedisPermits create(RedisConnection redis, Keyspace keyspace, LockListener listener) {
    Objects.requireNonNull(keyspace, "keyspace");
    LeaseMachinery machinery = LeaseMachinery.start(Objects.requireNonNull(redis, "redis"),
        Objects.requireNonNull(listener, "listener"), "lockkey-permits-");
    return new RedisPermits(keyspace, machinery, machinery);
  }

  @Override
  public Keyspace keyspace() {
    return keyspace;
  }

  @Override
  public Optional<Lease> tryAcquire(LockKey key, PermitOptions options) {
    return locks.take(this, key, names(key, options), SharedKind.PERMIT, options.permits(), options.lease(), false);
  }

  @Override
  public Lease acquire(LockKey key, PermitOptions options) {
    SharedNames names = names(key, options);
    return locks.take(this, key, names, SharedKind.PERMIT, options.permits(), options.lease(), true)
        .orElseThrow(() -> new LockTimeoutException(names.holders(), options.lease().waitTime()));
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
    return "RedisPermits[" + keyspace + "]";
  }

  private SharedNames names(LockKey key, PermitOptions options) {
    Objects.requireNonNull(key, "key");
    return SharedNames.permits(keyspace, options.lease().purpose(), key);
  }
}
