package dev.lockkey.benchmarks;

import dev.lockkey.benchmarks.footprint.FootprintProbe;
import dev.lockkey.benchmarks.footprint.FootprintResult;
import dev.lockkey.benchmarks.lock.Contender;
import dev.lockkey.benchmarks.lock.LockContender;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
import dev.lockkey.benchmarks.report.Section;
import java.util.List;
import java.util.Locale;
import redis.clients.jedis.RedisClient;

/** The keys each contender leaves in Redis per acquire+release cycle. */
final class FootprintComparison {
  private FootprintComparison() {}

  static Section run(SuiteSettings settings, RedisEndpoint redis, Progress progress)
      throws InterruptedException {
    StringBuilder table =
        new StringBuilder(
            "| contender | keys per cycle, right after | keys per cycle, after "
                + settings.footprintSettle().toMillis()
                + " ms | longest TTL left | examples |\n|---|---|---|---|---|\n");
    try (RedisClient admin = RedisClient.create(redis.host(), redis.port())) {
      for (Contender contender : Contender.values()) {
        progress.step("footprint", contender.label());
        FootprintResult result;
        try (LockContender locks = contender.open(redis)) {
          result =
              FootprintProbe.measure(
                  locks,
                  admin,
                  "bench:footprint:" + contender.label(),
                  settings.footprintCycles(),
                  settings.footprintSettle());
        }
        table.append(
            String.format(
                Locale.ROOT,
                "| %s | %.2f | %.2f | %s | %s |%n",
                contender.label(),
                result.keysPerCycleRightAfter(),
                result.keysPerCycleAfterSettle(),
                ttl(result.longestTtlMillis()),
                examples(result.examples())));
      }
      admin.flushDB();
    }
    return new Section(
        "Redis footprint",
        "Starting from an empty database, each contender acquires and releases "
            + settings.footprintCycles()
            + " distinct keys once each; then the keys left are counted (SCAN) right away and"
            + " again (DBSIZE) after "
            + settings.footprintSettle().toMillis()
            + " ms.",
        List.of(),
        List.of(),
        table.toString());
  }

  private static String ttl(long millis) {
    if (millis < 0) {
      return "none (kept forever)";
    }
    return millis == 0 ? "-" : String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
  }

  private static String examples(List<String> keys) {
    return keys.isEmpty() ? "-" : "`" + String.join("`, `", keys) + "`";
  }
}
