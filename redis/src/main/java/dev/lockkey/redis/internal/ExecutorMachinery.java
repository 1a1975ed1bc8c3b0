package dev.lockkey.redis.internal;

import dev.lockkey.redis.RedisLockExecutor;
import java.util.Objects;
import java.util.function.Function;

/**
 * How a purpose in another package ({@code RedisPermits.create(executor)}, ...) borrows a
 * {@link RedisLockExecutor}'s {@link LeaseMachinery} without the machinery appearing in the
 * executor's API: the executor hands over the one way in when its class initialises, which is
 * before any executor exists. Not API.
 */
public final class ExecutorMachinery {
  private static volatile Function<RedisLockExecutor, LeaseMachinery> access;

  private ExecutorMachinery() {}

  /**
   * Called once, by {@link RedisLockExecutor}'s static initialiser.
   *
   * @param way from an executor to its machinery
   * @throws IllegalStateException when called a second time
   */
  public static synchronized void grant(Function<RedisLockExecutor, LeaseMachinery> way) {
    if (access != null) {
      throw new IllegalStateException("the executor's machinery was granted already");
    }
    access = Objects.requireNonNull(way, "way");
  }

  /**
   * The machinery {@code executor} owns and closes.
   *
   * @param executor the executor
   * @return its machinery
   */
  public static LeaseMachinery of(RedisLockExecutor executor) {
    return access.apply(Objects.requireNonNull(executor, "executor"));
  }
}
