package dev.lockkey.benchmarks.rate;

import dev.lockkey.benchmarks.ProcessCpu;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
import dev.lockkey.benchmarks.redis.ServerCpu;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import redis.clients.jedis.RedisClient;

/**
 * Threads of this JVM sharing one limiter (as one application server shares one) on one hot key:
 * each loops one decision after another for the time given. The grants are counted here, by the
 * callers, whatever the limiter reports: each grant is known to have been decided in Redis between
 * its call's start and end, and the most grants whose whole call lies within one span of
 * {@link #EXACTNESS_SPAN} (half a window) is the exactness check. A saturated fixed window hands out
 * its whole limit soon after it opens and the next window opens a full window later, so half a
 * window never holds two windows' grants: a count above the limit is an excess, and a stalled call
 * (long between start and end) can only be left out, never counted wrongly. That needs decisions
 * many times faster than the limit: a run that takes more than half a window to hand out a window's
 * limit can read above it without any excess.
 */
public final class RateLimitRun {
  /** The window length of every limit compared: one second. */
  public static final Duration WINDOW = Duration.ofSeconds(1);
  /** The span within which a limiter of {@link #WINDOW} must grant at most its limit: half a window. */
  public static final Duration EXACTNESS_SPAN = WINDOW.dividedBy(2);
  private static final Pattern CALLS = Pattern.compile("cmdstat_([^:]+):calls=(\\d+)");

  private RateLimitRun() {}

  /** The tally of one thread. */
  static final class Tally {
    final Latencies latencies = new Latencies();
    long decisions;
    long admitted;
    /** The start and the end of each granted call, in pairs. */
    long[] grants = new long[2048];

    void grant(long start, long end, boolean keep) {
      if (keep) {
        if (2 * admitted == grants.length) {
          grants = Arrays.copyOf(grants, grants.length * 2);
        }
        grants[(int) (2 * admitted)] = start;
        grants[(int) (2 * admitted + 1)] = end;
      }
      admitted++;
    }
  }

  /**
   * Runs {@code threads} threads on {@code gate} for {@code time}.
   *
   * @param countGrants whether to keep each grant's moment (off when every call is meant to be granted)
   */
  public static RateLimitResult run(RateGate gate, RedisEndpoint redis, int threads, Duration time, boolean countGrants)
      throws InterruptedException {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try (RedisClient admin = RedisClient.create(redis.host(), redis.port())) {
      long commandsBefore = commands(admin);
      double redisCpuBefore = ServerCpu.micros(admin);
      long cpuBefore = ProcessCpu.nanos();
      long start = System.nanoTime();
      long end = start + time.toNanos();
      List<Future<Tally>> futures = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        futures.add(pool.submit(() -> loop(gate, end, countGrants)));
      }
      List<Tally> tallies = new ArrayList<>();
      for (Future<Tally> future : futures) {
        try {
          tallies.add(future.get(time.toMillis() + 60_000, TimeUnit.MILLISECONDS));
        } catch (ExecutionException | TimeoutException e) {
          throw new IllegalStateException("a rate-limit thread failed", e);
        }
      }
      long elapsed = System.nanoTime() - start;
      long cpu = ProcessCpu.nanos() - cpuBefore;
      double redisCpu = ServerCpu.micros(admin) - redisCpuBefore;
      long commands = commands(admin) - commandsBefore;
      return summarise(tallies, elapsed, commands, cpu / 1e3, redisCpu, countGrants);
    } finally {
      pool.shutdownNow();
      pool.awaitTermination(10, TimeUnit.SECONDS);
    }
  }

  static Tally loop(RateGate gate, long end, boolean countGrants) {
    Tally tally = new Tally();
    long now = System.nanoTime();
    while (now - end < 0) {
      boolean granted = gate.tryAcquire();
      long done = System.nanoTime();
      tally.latencies.record(done - now);
      tally.decisions++;
      if (granted) {
        tally.grant(now, done, countGrants);
      }
      now = done;
    }
    return tally;
  }

  static RateLimitResult summarise(List<Tally> tallies, long elapsedNanos, long commands, double clientCpuMicros,
      double redisCpuMicros, boolean countGrants) {
    Latencies latencies = new Latencies();
    long decisions = 0;
    long admitted = 0;
    for (Tally tally : tallies) {
      latencies.add(tally.latencies);
      decisions += tally.decisions;
      admitted += tally.admitted;
    }
    double seconds = elapsedNanos / 1e9;
    double perDecision = Math.max(decisions, 1);
    return new RateLimitResult(
        decisions / seconds,
        latencies.percentile(0.50) / 1e3,
        latencies.percentile(0.99) / 1e3,
        admitted / seconds,
        countGrants ? mostInAnyWindow(tallies) : Double.NaN,
        commands / perDecision,
        clientCpuMicros / perDecision,
        redisCpuMicros / perDecision);
  }

  /**
   * The most grants whose calls lie wholly within one span of {@link #EXACTNESS_SPAN}: for each
   * call's start as the span's start, those that started in the span and ended before its end.
   */
  static long mostInAnyWindow(List<Tally> tallies) {
    List<long[]> calls = new ArrayList<>();
    for (Tally tally : tallies) {
      for (int i = 0; i < tally.admitted; i++) {
        calls.add(new long[] {tally.grants[2 * i], tally.grants[2 * i + 1]});
      }
    }
    calls.sort((x, y) -> Long.compare(x[0], y[0]));
    long span = EXACTNESS_SPAN.toNanos();
    long most = 0;
    for (int first = 0; first < calls.size(); first++) {
      long spanEnd = calls.get(first)[0] + span;
      long inside = 0;
      for (int next = first; next < calls.size() && calls.get(next)[0] - spanEnd < 0; next++) {
        if (calls.get(next)[1] - spanEnd < 0) {
          inside++;
        }
      }
      most = Math.max(most, inside);
    }
    return most;
  }

  /** Every command the server ran so far except INFO, those inside scripts included. */
  public static long commands(RedisClient admin) {
    long calls = 0;
    Matcher stat = CALLS.matcher(admin.info("commandstats"));
    while (stat.find()) {
      if (!stat.group(1).equals("info")) {
        calls += Long.parseLong(stat.group(2));
      }
    }
    return calls;
  }
}
