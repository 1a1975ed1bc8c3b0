package dev.lockkey.benchmarks;

import dev.lockkey.benchmarks.footprint.FootprintProbe;
import dev.lockkey.benchmarks.footprint.FootprintResult;
import dev.lockkey.benchmarks.lock.Contender;
import dev.lockkey.benchmarks.lock.LockContender;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
import dev.lockkey.benchmarks.report.Figure;
import dev.lockkey.benchmarks.report.Section;
import dev.lockkey.benchmarks.report.Target;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import redis.clients.jedis.RedisClient;

/** The keys each contender leaves in Redis per acquire+release cycle. */
final class FootprintComparison {
  /** The kind of key that holds LockKey's fencing state: one per body, expiring. */
  private static final String FENCING_STATE = "fence";
  /** The kind of key that remembers a release's owner for a minute, so that a retried release answers alike. */
  private static final String RELEASER = "releaser";

  private FootprintComparison() {}

  static Section run(SuiteSettings settings, RedisEndpoint redis, Progress progress)
      throws InterruptedException {
    String settle = settings.footprintSettle().toMillis() + " ms";
    Figure beyondFencing =
        new Figure(
            "keys left per cycle after " + settle + ", fencing state (`fence:`) and releasers (`releaser:`, 1 min) not counted",
            "keys",
            Contender.FLOOR.label(),
            false);
    StringBuilder table =
        new StringBuilder(
            "| contender | keys per cycle, right after | keys per cycle, after "
                + settle
                + " | left after "
                + settle
                + ", by kind | longest TTL left | examples |\n|---|---|---|---|---|---|\n");
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
        beyondFencing.add(contender.label(), result.keysPerCycleAfterSettleExcept(FENCING_STATE, RELEASER));
        table.append(
            String.format(
                Locale.ROOT,
                "| %s | %.2f | %.2f | %s | %s | %s |%n",
                contender.label(),
                result.keysPerCycleRightAfter(),
                result.keysPerCycleAfterSettle(),
                kinds(result.keysAfterSettle()),
                ttl(result.longestTtlMillis()),
                examples(result.examples())));
      }
      admin.flushDB();
    }
    String ours = Contender.LOCKKEY.label();
    return new Section(
        "Redis footprint",
        "Starting from an empty database, each contender acquires and releases "
            + settings.footprintCycles()
            + " distinct keys once each; then the keys left are listed (SCAN) right away and again"
            + " after "
            + settle
            + ". LockKey keeps one `fence:` key per body for its fencing tokens, expiring ten"
            + " minutes after the release, and one `releaser:` key per body for a minute (so that a"
            + " release the client sent twice answers alike): bounded by the bodies locked in that window.",
        List.of(beyondFencing),
        List.of(new Target("nothing beyond fencing state", beyondFencing, ours, null, 0, true, true)),
        table.toString());
  }

  private static String kinds(Map<String, Long> kinds) {
    if (kinds.isEmpty()) {
      return "-";
    }
    return kinds.entrySet().stream()
        .map(e -> "`" + e.getKey() + "` ×" + e.getValue())
        .collect(Collectors.joining(", "));
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
