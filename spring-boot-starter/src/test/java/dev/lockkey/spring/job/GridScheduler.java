package dev.lockkey.spring.job;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ScheduledFuture;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/**
 * Spring's scheduler with every fixed-rate task started on one grid of the test JVM's monotonic
 * clock: what instances whose clocks agree get from a cron schedule, for a rate below a second. The
 * three instances of the test so fire each occurrence of the 200 ms job at the same moment, however
 * long each took to start.
 */
final class GridScheduler extends ThreadPoolTaskScheduler {
  private static final long serialVersionUID = 1L;

  private final long originNanos;

  /** @param originNanos a {@link System#nanoTime()} on the grid */
  GridScheduler(long originNanos) {
    this.originNanos = originNanos;
  }

  @Override
  public ScheduledFuture<?> scheduleAtFixedRate(Runnable task, Instant startTime, Duration period) {
    return super.scheduleAtFixedRate(task, onGrid(startTime, period), period);
  }

  @Override
  public ScheduledFuture<?> scheduleAtFixedRate(Runnable task, Duration period) {
    return scheduleAtFixedRate(task, getClock().instant(), period);
  }

  /** The first moment of the grid of {@code period} at or after {@code startTime}. */
  private Instant onGrid(Instant startTime, Duration period) {
    Instant now = getClock().instant();
    long nowNanos = System.nanoTime();
    long startNanos = nowNanos + Duration.between(now, startTime).toNanos();
    long periods = Math.floorDiv(startNanos - originNanos + period.toNanos() - 1, period.toNanos());
    return now.plusNanos(originNanos + periods * period.toNanos() - nowNanos);
  }
}
