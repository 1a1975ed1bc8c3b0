package dev.lockkey.redis.internal;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A scheduler for the model checks that never runs the housekeeping (no time passes in the model)
 * and starts no thread: what a {@link ReleaseNotifier} schedules periodically is dropped.
 */
final class NoHousekeeping extends ScheduledThreadPoolExecutor {
  NoHousekeeping() {
    super(0);
  }

  @Override
  public ScheduledFuture<?> scheduleWithFixedDelay(Runnable task, long initialDelay, long delay, TimeUnit unit) {
    return null;
  }
}
