package dev.lockkey.benchmarks.redis;

import redis.clients.jedis.UnifiedJedis;

/**
 * The CPU time redis-server has used (user plus system, from {@code INFO cpu}). The difference
 * over a run of cycles is the server's work per cycle: it does not grow while the machine is busy
 * with other things, unlike the time a cycle takes.
 */
public final class ServerCpu {
  private ServerCpu() {}

  /** The server's CPU time so far, in microseconds. */
  public static double micros(UnifiedJedis admin) {
    double seconds = 0;
    for (String line : admin.info("cpu").split("\\r?\\n")) {
      if (line.startsWith("used_cpu_user:") || line.startsWith("used_cpu_sys:")) {
        seconds += Double.parseDouble(line.substring(line.indexOf(':') + 1).trim());
      }
    }
    return seconds * 1e6;
  }
}
