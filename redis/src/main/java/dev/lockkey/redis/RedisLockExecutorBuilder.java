package dev.lockkey.redis;

import dev.lockkey.Keyspace;
import dev.lockkey.internal.Durations;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.redis.internal.LockCommands;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/** Builds a {@link RedisLockExecutor}, from {@link RedisLockExecutor#builder}; not thread-safe. */
public final class RedisLockExecutorBuilder {
  /** The shortest fence grace: 1 second. */
  public static final Duration MIN_FENCE_GRACE = Duration.ofSeconds(1);
  /** The longest fence grace: 1 day. */
  public static final Duration MAX_FENCE_GRACE = Duration.ofDays(1);
  /** The longest time to wait for replicas' acknowledgement: 1 minute. */
  public static final Duration MAX_REPLICA_TIMEOUT = Duration.ofMinutes(1);

  private final RedisConnection redis;
  private final Keyspace keyspace;
  private LockOptions defaults = LockOptions.defaults();
  private LockListener listener = LockListener.NONE;
  private Clock clock = Clock.systemUTC();
  private Duration fenceGrace = LockCommands.FENCE_GRACE;
  private int replicas;
  private Duration replicaTimeout = Duration.ZERO;

  RedisLockExecutorBuilder(RedisConnection redis, Keyspace keyspace) {
    this.redis = Objects.requireNonNull(redis, "redis");
    this.keyspace = Objects.requireNonNull(keyspace, "keyspace");
  }

  /**
   * The options for calls that take none ({@link LockOptions#defaults()} unless set).
   *
   * @param options the default options
   * @return this builder
   */
  public RedisLockExecutorBuilder defaultOptions(LockOptions options) {
    this.defaults = Objects.requireNonNull(options, "options");
    return this;
  }

  /**
   * Who hears about acquisitions, releases, losses and errors, e.g. a metrics recorder.
   *
   * @param listener the listener
   * @return this builder
   */
  public RedisLockExecutorBuilder listener(LockListener listener) {
    this.listener = Objects.requireNonNull(listener, "listener");
    return this;
  }

  /**
   * The wall clock for {@link Lease#expiry()}, which is display only; the system clock unless set.
   * Lease deadlines, renewals and waits never read it: they follow {@link System#nanoTime()}.
   *
   * @param clock the wall clock
   * @return this builder
   */
  public RedisLockExecutorBuilder clock(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
    return this;
  }

  /**
   * How long a lock's fencing state ({@code fence:env:{body}}) lives after the lock was released
   * (or handed over, for the predecessor) or its lease ran out: 10 minutes unless set. While it
   * lives, the next fencing token rises by the stored value; after it, by the Redis server's clock
   * (see the package doc): a shorter grace means less state, and more reliance on that clock.
   *
   * @param grace at least 1 second and at most 1 day (checked by {@link #build()}), truncated to whole milliseconds
   * @return this builder
   */
  public RedisLockExecutorBuilder fenceGrace(Duration grace) {
    this.fenceGrace = Objects.requireNonNull(grace, "grace");
    return this;
  }

  /**
   * Asks for {@code count} replicas to acknowledge each lock's write within {@code timeout}, after
   * every acquisition and every extension (renewals included), for every lock of this executor;
   * {@code replicas(0, Duration.ZERO)} asks for none (the default). With fewer acknowledgements an
   * acquisition releases the lock again and throws {@link ReplicationException}; an extension
   * throws it (a renewal retries, as after any failure). The lock's write and Redis {@code WAIT}
   * travel together in one round trip. Acknowledged writes survive a failover to one of those
   * replicas; without it a failover may lose a lock that was just granted (see the
   * {@link dev.lockkey.redis package documentation}). A lock handed over between threads of the
   * executor is then taken by the waiter's own acquisition, so that it waits for the replicas too.
   *
   * @param count how many replicas must acknowledge each write; 0 for none
   * @param timeout at least 1 ms and at most {@link #MAX_REPLICA_TIMEOUT} when {@code count} is
   *     above 0 (checked by {@link #build()}), truncated to whole milliseconds; keep it below the
   *     client's socket timeout
   * @return this builder
   * @throws IllegalArgumentException when {@code count} is negative
   */
  public RedisLockExecutorBuilder replicas(int count, Duration timeout) {
    if (count < 0) {
      throw new IllegalArgumentException("replicas must not be negative, was " + count);
    }
    this.replicas = count;
    this.replicaTimeout = Objects.requireNonNull(timeout, "timeout");
    return this;
  }

  /**
   * The executor.
   *
   * @return the executor; close it before the client
   * @throws IllegalArgumentException when the fence grace is under 1 second or over 1 day, or
   *     replicas are asked for with a timeout under 1 ms or over {@link #MAX_REPLICA_TIMEOUT}
   */
  public RedisLockExecutor build() {
    if (fenceGrace.compareTo(MIN_FENCE_GRACE) < 0 || fenceGrace.compareTo(MAX_FENCE_GRACE) > 0) {
      throw new IllegalArgumentException("fenceGrace must be from " + Durations.describe(MIN_FENCE_GRACE) + " to "
          + Durations.describe(MAX_FENCE_GRACE) + ", was " + Durations.describe(fenceGrace));
    }
    // WAIT with timeout 0 would block forever: at least 1 ms
    Duration timeout = replicas == 0 ? Duration.ZERO
        : Durations.requireMillisBetweenOneAnd("replicaTimeout", replicaTimeout, MAX_REPLICA_TIMEOUT);
    return new RedisLockExecutor(redis, keyspace, defaults, listener, clock, Duration.ofMillis(fenceGrace.toMillis()),
        replicas, timeout);
  }
}
