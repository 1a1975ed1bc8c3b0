package dev.lockkey.benchmarks.contention;

import dev.lockkey.benchmarks.jdbc.BenchmarkPostgres;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import redis.clients.jedis.RedisClient;

/**
 * Several worker JVMs ({@link ProcessWorker}) contending for one key through one redis-server:
 * started with this JVM's java and class path (behind {@code launcher}, e.g. {@code taskset}),
 * released together by a start key once all are connected, measured by their own tallies and by
 * the server's INFO before and after. Every wait is bounded; every worker is killed if it is still
 * running when the run ends.
 */
public final class ProcessContentionRun {
  private static final Duration MAX_READY_WAIT = Duration.ofSeconds(60);
  private static final Pattern CALLS = Pattern.compile("cmdstat_[^:]+:calls=(\\d+)");

  private ProcessContentionRun() {}

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
  public static ProcessContentionResult run(ProcessContender contender, RedisEndpoint redis, String key,
      int processes, int threads, Duration time, List<String> launcher) throws IOException, InterruptedException {
    Path dir = Files.createTempDirectory("lockkey-contention");
    List<Process> workers = new ArrayList<>();
    try (RedisClient jedis = RedisClient.create(redis.host(), redis.port())) {
      List<Path> outs = new ArrayList<>();
      for (int i = 0; i < processes; i++) {
        Path out = dir.resolve("worker-" + i);
        outs.add(out);
        workers.add(start(contender, redis, key, threads, time, i, out, launcher));
      }
      for (Process worker : workers) {
        awaitReady(worker);
      }
      long commandsBefore = commands(jedis);
      double cpuBefore = cpuSeconds(jedis);
      long began = System.nanoTime();
      jedis.set(startKey(key), "go");
      long deadline = began + time.plusSeconds(60).toNanos();
      for (Process worker : workers) {
        if (!worker.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)
            || worker.exitValue() != 0) {
          throw new IllegalStateException("a worker failed or did not finish: "
              + new String(worker.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        }
      }
      long elapsed = System.nanoTime() - began;
      long commands = commands(jedis) - commandsBefore;
      double cpu = cpuSeconds(jedis) - cpuBefore;
      jedis.del(startKey(key));
      List<ProcessTally> tallies = new ArrayList<>();
      for (Path out : outs) {
        tallies.add(ProcessTally.read(out));
      }
      return summarise(tallies, elapsed, commands, cpu);
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

  private static Process start(ProcessContender contender, RedisEndpoint redis, String key, int threads,
      Duration time, int id, Path out, List<String> launcher) throws IOException {
    List<String> command = new ArrayList<>(launcher);
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of("-Xmx256m", "-XX:+UseSerialGC"));
    String postgres = System.getProperty(BenchmarkPostgres.PROPERTY);
    if (postgres != null) { // the JDBC contenders lock there
      command.add("-D" + BenchmarkPostgres.PROPERTY + "=" + postgres);
    }
    command.addAll(List.of("-cp", System.getProperty("java.class.path"),
        ProcessWorker.class.getName(), redis.host(), Integer.toString(redis.port()), contender.name(), key,
        Integer.toString(threads), Long.toString(time.toMillis()), "p" + id, out.toString()));
    return new ProcessBuilder(command).start();
  }

  /** Waits, bounded, for the worker's READY line. */
  private static void awaitReady(Process worker) throws IOException {
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
        sleepBriefly();
      }
    }
    throw new IllegalStateException("a worker did not get ready: "
        + (worker.isAlive() ? "still starting" : new String(worker.getErrorStream().readAllBytes(),
            StandardCharsets.UTF_8)));
  }

  private static void sleepBriefly() {
    try {
      TimeUnit.MILLISECONDS.sleep(10);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while workers start", e);
    }
  }

  private static ProcessContentionResult summarise(List<ProcessTally> tallies, long elapsedNanos, long commands,
      double cpuSeconds) {
    ProcessTally total = new ProcessTally();
    long slowest = Long.MAX_VALUE;
    long fastest = 0;
    for (ProcessTally tally : tallies) {
      total.add(tally);
      slowest = Math.min(slowest, tally.cycles);
      fastest = Math.max(fastest, tally.cycles);
    }
    long[] waits = total.waits();
    Arrays.sort(waits);
    double cycles = Math.max(1, total.cycles);
    return new ProcessContentionResult(
        total.cycles / (elapsedNanos / 1e9),
        percentile(waits, 0.50) / 1e3,
        percentile(waits, 0.99) / 1e3,
        waits.length == 0 ? Double.NaN : waits[waits.length - 1] / 1e3,
        fastest == 0 ? 0 : (double) slowest / fastest,
        total.crossHandoffs / cycles,
        commands / cycles,
        cpuSeconds * 1e6 / cycles,
        total.overlaps,
        total.timeouts,
        total.cycles);
  }

  private static double percentile(long[] sorted, double quantile) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int rank = (int) Math.ceil(quantile * sorted.length);
    return sorted[Math.max(0, rank - 1)];
  }

  /** Every command the server ran so far, those inside scripts included (INFO commandstats). */
  private static long commands(RedisClient jedis) {
    long calls = 0;
    Matcher stat = CALLS.matcher(jedis.info("commandstats"));
    while (stat.find()) {
      calls += Long.parseLong(stat.group(1));
    }
    return calls;
  }

  /** The server's CPU time so far, user and system (INFO cpu). */
  private static double cpuSeconds(RedisClient jedis) {
    double seconds = 0;
    for (String line : jedis.info("cpu").split("\r?\n")) {
      if (line.startsWith("used_cpu_sys:") || line.startsWith("used_cpu_user:")) {
        seconds += Double.parseDouble(line.substring(line.indexOf(':') + 1).trim());
      }
    }
    return seconds;
  }
}
