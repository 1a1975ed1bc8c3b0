package dev.lockkey.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.Keyspace;
import dev.lockkey.reliability.specs.StockAdjustmentKey;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.RedisClient;

/**
 * Several JVM processes of several threads each lock a few keys of one Redis server for a bounded
 * time ({@link LoadWorker}): no two holders are ever inside one key's critical section at once,
 * the fenced store never has to reject a write (every holder's token is above all earlier ones),
 * and every lease ends released or found lost.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class CrossProcessLoadTest {
  private static final int PROCESSES = 3;
  private static final int THREADS = 8;
  private static final int KEYS = 20;
  private static final Duration RUN_TIME = Duration.ofSeconds(12);
  /** Starting a JVM, connecting, and the last locks' release, on a loaded machine. */
  private static final Duration SLACK = Duration.ofSeconds(60);

  private static final List<String> COUNTS = List.of("acquisitions", "contended", "overlaps", "accepted", "rejected",
      "staleAccepted", "released", "lost", "unaccounted", "timeouts", "errors");

  @Test
  void holdersInSeveralProcessesNeverOverlapAndNoStaleWriteLands() throws Exception {
    RedisFixture redis = RedisFixture.shared();
    Keyspace keyspace = UniqueKeyspace.of("load");
    List<ReportLine> results = runWorkers(redis, keyspace);

    Map<String, Long> totals = new LinkedHashMap<>();
    COUNTS.forEach(count -> totals.put(count, results.stream().mapToLong(result -> result.number(count)).sum()));
    Map<String, Object> figures = new LinkedHashMap<>(totals);
    figures.put("processes", PROCESSES);
    figures.put("threads", THREADS);
    figures.put("keys", KEYS);
    figures.put("seconds", RUN_TIME.toSeconds());
    figures.put("perProcess", results.stream().map(result -> Long.toString(result.number("acquisitions"))).toList()
        .toString().replace(" ", ""));
    Figures.record("load", figures);

    assertThat(results).allSatisfy(result -> assertThat(result.number("acquisitions")).isPositive());
    assertThat(totals.get("acquisitions")).isGreaterThan(1000);
    assertThat(totals.get("contended")).as("holders had to wait for each other").isPositive();
    assertThat(totals).containsEntry("overlaps", 0L)
        .containsEntry("rejected", 0L)
        .containsEntry("staleAccepted", 0L)
        .containsEntry("unaccounted", 0L)
        .containsEntry("errors", 0L);
    assertThat(totals.get("accepted")).isEqualTo(totals.get("acquisitions"));
    assertThat(totals.get("released") + totals.get("lost")).isEqualTo(totals.get("acquisitions"));

    try (RedisClient jedis = redis.newClient()) {
      assertThat(RedisContents.keys(jedis, keyspace.fullKey("lock", "*"))).as("locks left behind").isEmpty();
      FencedStore store = new FencedStore(jedis, keyspace);
      for (int sku = 0; sku < KEYS; sku++) {
        StockAdjustmentKey key = StockAdjustmentKey.of("central", sku);
        assertThat(jedis.get(keyspace.fullKey("inside", key))).as("holders inside %s", key).isIn(null, "0");
        assertThat(store.lastToken(key)).as("the last write of %s carries the last token issued", key)
            .isEqualTo(Long.parseLong(jedis.get(keyspace.fullKey("fence", key))));
      }
    }
  }

  private static List<ReportLine> runWorkers(RedisFixture redis, Keyspace keyspace) throws Exception {
    List<ChildJvm> workers = new ArrayList<>();
    try {
      for (int i = 0; i < PROCESSES; i++) {
        workers.add(ChildJvm.start(LoadWorker.class, Map.of(RedisFixture.REDIS_URL, redis.uri().toString()),
            keyspace.env(), Integer.toString(THREADS), Integer.toString(KEYS), Long.toString(RUN_TIME.toMillis())));
      }
      List<ReportLine> results = new ArrayList<>();
      for (ChildJvm worker : workers) {
        results.add(worker.awaitLine("RESULT", RUN_TIME.plus(SLACK)));
        assertThat(worker.awaitExit(SLACK)).as(worker.output()).isZero();
      }
      return results;
    } finally {
      for (ChildJvm worker : workers) {
        worker.close();
      }
    }
  }
}
