package dev.lockkey.benchmarks.rate;

import dev.lockkey.benchmarks.redis.RedisEndpoint;
import dev.lockkey.benchmarks.redis.ServerCpu;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import redis.clients.jedis.RedisClient;

/**
 * Several worker JVMs ({@link RateLimitWorker}) on one hot key through one redis-server, started
 * with this JVM's java and class path (behind {@code launcher}), released together by a start key
 * once all are connected. Their grants are merged by wall-clock moment for the exactness check.
 * Every wait is bounded; every worker is killed if it is still running when the run ends.
 */
public final class RateLimitProcessRun {
  private static final Duration MAX_READY_WAIT = Duration.ofSeconds(60);

  private RateLimitProcessRun() {}

  /** The key whose appearance starts the workers of the run on {@code key}. */
  static String startKey(String key) {
    return key + ":start";
  }

  /**
   * Runs {@code processes} workers of {@code threads} threads each for {@code time}.
   *
   * @param launcher the command words put before {@code java}, e.g. {@code taskset -c 0-1}; may be empty
   * @throws IllegalStateException when a worker fails or does not finish in time
   */
  public static RateLimitResult run(RateContender contender, RedisEndpoint redis, String key, long limit,
      int processes, int threads, Duration time, List<String> launcher) throws IOException, InterruptedException {
    Path dir = Files.createTempDirectory("lockkey-rate");
    List<Process> workers = new ArrayList<>();
    try (RedisClient admin = RedisClient.create(redis.host(), redis.port())) {
      List<Path> outs = new ArrayList<>();
      for (int i = 0; i < processes; i++) {
        Path out = dir.resolve("worker-" + i);
        outs.add(out);
        List<String> command = new ArrayList<>(launcher);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of("-Xmx256m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
            RateLimitWorker.class.getName(), redis.host(), Integer.toString(redis.port()), contender.name(), key,
            Long.toString(limit), Integer.toString(threads), Long.toString(time.toMillis()), out.toString()));
        workers.add(new ProcessBuilder(command).start());
      }
      for (Process worker : workers) {
        awaitReady(worker);
      }
      long commandsBefore = RateLimitRun.commands(admin);
      double redisCpuBefore = ServerCpu.micros(admin);
      long began = System.nanoTime();
      admin.set(startKey(key), "go");
      long deadline = began + time.plusSeconds(60).toNanos();
      for (Process worker : workers) {
        if (!worker.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)
            || worker.exitValue() != 0) {
          throw new IllegalStateException("a rate-limit worker failed or did not finish: "
              + new String(worker.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        }
      }
      long elapsed = System.nanoTime() - began;
      long commands = RateLimitRun.commands(admin) - commandsBefore;
      double redisCpu = ServerCpu.micros(admin) - redisCpuBefore;
      admin.del(startKey(key));
      List<RateLimitRun.Tally> tallies = new ArrayList<>();
      double cpuMicros = 0;
      for (Path out : outs) {
        List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
        String[] counts = lines.get(0).split(" ");
        RateLimitRun.Tally tally = new RateLimitRun.Tally();
        tally.decisions = Long.parseLong(counts[0]);
        cpuMicros += Long.parseLong(counts[1]) / 1e3;
        tally.latencies.add(Latencies.decode(lines.get(1)));
        long[] grants = lines.size() < 3 || lines.get(2).isBlank() ? new long[0]
            : Arrays.stream(lines.get(2).split(" ")).mapToLong(Long::parseLong).toArray();
        tally.grants = grants;
        tally.admitted = grants.length / 2;
        tallies.add(tally);
      }
      // the workers' time, measured by them, would exclude their start; the run's is close enough
      return RateLimitRun.summarise(tallies, elapsed, commands, cpuMicros, redisCpu, true);
    } finally {
      workers.forEach(Process::destroyForcibly);
      for (Process worker : workers) {
        worker.waitFor(10, TimeUnit.SECONDS);
      }
      try (var files = Files.list(dir)) {
        for (Path file : files.toList()) {
          Files.delete(file);
        }
      }
      Files.delete(dir);
    }
  }

  /** Waits, bounded, for the worker's READY line. */
  private static void awaitReady(Process worker) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + MAX_READY_WAIT.toNanos();
    BufferedReader lines = new BufferedReader(new InputStreamReader(worker.getInputStream(), StandardCharsets.UTF_8));
    while (System.nanoTime() - deadline < 0) {
      if (lines.ready()) {
        if ("READY".equals(lines.readLine())) {
          return;
        }
      } else if (!worker.isAlive()) {
        break;
      } else {
        TimeUnit.MILLISECONDS.sleep(10);
      }
    }
    throw new IllegalStateException("a rate-limit worker did not get ready: "
        + (worker.isAlive() ? "still starting" : new String(worker.getErrorStream().readAllBytes(),
            StandardCharsets.UTF_8)));
  }
}
