package dev.lockkey.redis;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import java.time.Clock;
import java.util.Objects;
import redis.clients.jedis.UnifiedJedis;

/** Builds a {@link RedisLockExecutor}, from {@link RedisLockExecutor#builder}; not thread-safe. */
public final class RedisLockExecutorBuilder {
  private final UnifiedJedis jedis;
  private final Keyspace keyspace;
  private LockOptions defaults = LockOptions.defaults();
  private LockListener listener = LockListener.NONE;
  private Clock clock = Clock.systemUTC();

  RedisLockExecutorBuilder(UnifiedJedis jedis, Keyspace keyspace) {
    this.jedis = Objects.requireNonNull(jedis, "jedis");
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
   * The executor.
   *
   * @return the executor; close it before the client
   */
  public RedisLockExecutor build() {
    return new RedisLockExecutor(jedis, keyspace, defaults, listener, clock);
  }
}
