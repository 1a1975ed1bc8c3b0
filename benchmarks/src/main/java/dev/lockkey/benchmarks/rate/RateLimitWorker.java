package dev.lockkey.benchmarks.rate;

import dev.lockkey.benchmarks.ProcessCpu;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import redis.clients.jedis.RedisClient;

/**
 * One worker process of the rate-limit run across JVMs: its threads share one limiter on the hot
 * key and decide one call after another, from the moment the start key appears in Redis until the
 * time is up. It prints {@code READY} once connected and writes its tally to a file: decisions,
 * its CPU time, the latency histogram, and each grant's call start and end in nanoseconds of the
 * wall clock (the workers share one machine, so their stamps compare).
 *
 * <p>Arguments: host port contender key limit threads millis out-file.
 */
public final class RateLimitWorker {
  private static final Duration MAX_START_WAIT = Duration.ofMinutes(2);

  private RateLimitWorker() {}

  public static void main(String[] args) throws Exception {
    RedisEndpoint redis = new RedisEndpoint(args[0], Integer.parseInt(args[1]));
    RateContender contender = RateContender.valueOf(args[2]);
    String key = args[3];
    long limit = Long.parseLong(args[4]);
    int threads = Integer.parseInt(args[5]);
    Duration time = Duration.ofMillis(Long.parseLong(args[6]));
    Path out = Path.of(args[7]);
    try (RateGate gate = contender.open(redis, key, limit);
        RedisClient jedis = RedisClient.create(redis.host(), redis.port())) {
      gate.tryAcquire(); // connections and scripts ready
      System.out.println("READY");
      System.out.flush();
      long deadline = System.nanoTime() + MAX_START_WAIT.toNanos();
      while (!jedis.exists(RateLimitProcessRun.startKey(key))) {
        if (System.nanoTime() - deadline > 0) {
          throw new IllegalStateException("no start within " + MAX_START_WAIT);
        }
        TimeUnit.MILLISECONDS.sleep(1);
      }
      long cpuBefore = ProcessCpu.nanos();
      List<RateLimitRun.Tally> tallies = run(gate, threads, time);
      write(tallies, ProcessCpu.nanos() - cpuBefore, out);
    }
    System.exit(0); // some clients keep non-daemon threads
  }

  private static List<RateLimitRun.Tally> run(RateGate gate, int threads, Duration time) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      long end = System.nanoTime() + time.toNanos();
      List<Future<RateLimitRun.Tally>> futures = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        futures.add(pool.submit(() -> RateLimitRun.loop(gate, end, true)));
      }
      List<RateLimitRun.Tally> tallies = new ArrayList<>();
      for (Future<RateLimitRun.Tally> future : futures) {
        tallies.add(future.get(time.toMillis() + 60_000, TimeUnit.MILLISECONDS));
      }
      return tallies;
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Line 1: decisions and this JVM's CPU nanoseconds during the run; line 2: the latency histogram;
   * line 3: each grant's call start and end, in nanoseconds of the wall clock.
   */
  private static void write(List<RateLimitRun.Tally> tallies, long cpuNanos, Path out) throws Exception {
    long wallMinusNano = System.currentTimeMillis() * 1_000_000L - System.nanoTime();
    Latencies latencies = new Latencies();
    long decisions = 0;
    List<String> grants = new ArrayList<>();
    for (RateLimitRun.Tally tally : tallies) {
      latencies.add(tally.latencies);
      decisions += tally.decisions;
      grants.add(Arrays.stream(tally.grants, 0, (int) (2 * tally.admitted))
          .mapToObj(at -> Long.toString(at + wallMinusNano)).collect(Collectors.joining(" ")));
    }
    Files.writeString(out, decisions + " " + cpuNanos + "\n" + latencies.encode() + "\n"
        + grants.stream().filter(g -> !g.isEmpty()).collect(Collectors.joining(" ")) + "\n", StandardCharsets.UTF_8);
  }
}
