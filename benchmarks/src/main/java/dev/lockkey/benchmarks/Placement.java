package dev.lockkey.benchmarks;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Where the benchmark JVM and redis-server run. On two or more CPUs the JVM (and every JMH fork,
 * which inherits its affinity) is pinned to CPU 0 and redis-server to CPU 1 with {@code taskset},
 * the same for every contender, so that no contender gains or loses by where the scheduler happens
 * to put a thread. Without {@code taskset} or with one CPU nothing is pinned, and the report says
 * so.
 *
 * @param pinned whether pinning took effect
 * @param description what was done, for the report
 */
record Placement(boolean pinned, String description) {
  private static final String JVM_CPU = "0";
  private static final String REDIS_CPU = "1";

  /** Pins nothing, for the smoke run inside a test JVM. */
  static Placement none() {
    return new Placement(false, "not pinned (smoke run)");
  }

  /** Pins this JVM (all its threads, and so every thread and process it starts later). */
  static Placement pinJvm(int cpus) {
    if (cpus < 2) {
      return new Placement(false, "not pinned: one CPU");
    }
    if (!taskset(ProcessHandle.current().pid(), JVM_CPU)) {
      return new Placement(false, "not pinned: taskset unavailable");
    }
    return new Placement(
        true,
        "benchmark JVM and its JMH forks on CPU "
            + JVM_CPU
            + ", redis-server on CPU "
            + REDIS_CPU
            + " (taskset)");
  }

  /** Pins redis-server to its own CPU, when the JVM was pinned. */
  void pinRedis(long redisPid) {
    if (pinned && !taskset(redisPid, REDIS_CPU)) {
      throw new IllegalStateException("cannot pin redis-server " + redisPid + " to CPU " + REDIS_CPU);
    }
  }

  /**
   * Pins redis-server to its own CPU ({@code pinned}), or lets it run on every CPU, for the
   * cross-process runs that compare both placements.
   */
  static void pinRedisTo(long redisPid, boolean pinned, int machineCpus) {
    String cpus = pinned ? REDIS_CPU : allCpus(machineCpus);
    if (!taskset(redisPid, cpus)) {
      throw new IllegalStateException("cannot pin redis-server " + redisPid + " to CPUs " + cpus);
    }
  }

  /** The command words that start a process free to run on every CPU (its parent is pinned). */
  static List<String> unpinnedLauncher(int machineCpus) {
    return List.of("taskset", "--cpu-list", allCpus(machineCpus));
  }

  private static String allCpus(int machineCpus) {
    return "0-" + (machineCpus - 1);
  }

  private static boolean taskset(long pid, String cpus) {
    ProcessBuilder command =
        new ProcessBuilder("taskset", "--all-tasks", "--pid", "--cpu-list", cpus, Long.toString(pid))
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD);
    try {
      Process process = command.start();
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return false;
      }
      return process.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
