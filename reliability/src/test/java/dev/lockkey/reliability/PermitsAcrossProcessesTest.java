package dev.lockkey.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.permit.PermitOptions;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.permit.RedisPermits;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.RedisClient;

/**
 * N permits taken by several processes of several threads ({@link PermitWorker}), processes killed
 * (SIGKILL) at random while they hold and wait: never more than N inside (counted by the test, not
 * by the library), every permit back within a lease after the last kill, and afterwards no key of
 * the key space but the documented ones (the fencing state and the last releaser, which expire).
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class PermitsAcrossProcessesTest {
  private static final int PROCESSES = 4;
  private static final int THREADS = 4;
  private static final int PERMITS = 3;
  private static final Duration LEASE = Duration.ofSeconds(3);
  private static final int KILLS = 4;
  private static final Duration BETWEEN_KILLS = Duration.ofSeconds(2);
  /** A JVM's start and a loaded machine; also the longest a dead waiter's queue entry lives. */
  private static final Duration SLACK = Duration.ofSeconds(60);

  @Test
  void neverMoreThanNInsideAndEveryPermitComesBackAfterKills() throws Exception {
    assumeFalse(System.getProperty("os.name").startsWith("Windows"), "needs SIGKILL");
    RedisFixture redis = RedisFixture.shared();
    Keyspace keyspace = UniqueKeyspace.of("permits");
    Random random = new Random();
    List<ChildJvm> workers = new ArrayList<>();
    List<ReportLine> results = new ArrayList<>();
    Map<String, Object> figures = new LinkedHashMap<>();
    try (RedisClient jedis = redis.newClient();
        RedisPermits permits = RedisPermits.create(JedisConnection.of(jedis), keyspace)) {
      String inside = PermitWorker.INSIDE + keyspace.env();
      for (int i = 0; i < PROCESSES; i++) {
        workers.add(started(redis, keyspace));
      }
      for (int kill = 0; kill < KILLS; kill++) {
        Thread.sleep(BETWEEN_KILLS.toMillis());
        ChildJvm victim = workers.remove(random.nextInt(workers.size()));
        killed(jedis, inside, victim);
        workers.add(started(redis, keyspace));
      }
      Thread.sleep(BETWEEN_KILLS.toMillis());
      for (ChildJvm worker : workers.subList(0, 2)) {
        worker.send("stop");
        results.add(worker.awaitLine("RESULT", SLACK));
        assertThat(worker.awaitExit(SLACK)).as(worker.output()).isZero();
      }
      // the last two die holding or waiting for permits: each must come back within a lease
      for (ChildJvm worker : workers.subList(2, workers.size())) {
        killed(jedis, inside, worker);
      }
      long killedAt = System.nanoTime();
      PermitOptions options = PermitOptions.builder().permits(PERMITS)
          .lease(LockOptions.builder().waitTime(SLACK).build()).build();
      List<Lease> all = new ArrayList<>();
      for (int i = 0; i < PERMITS; i++) {
        all.add(permits.acquire(PermitWorker.KEY, options));
      }
      long backMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedAt);
      all.forEach(Lease::release);

      figures.put("entries", results.stream().mapToLong(result -> result.number("entries")).sum());
      figures.put("allBackMs", backMillis);
      figures.put("leaseMs", LEASE.toMillis());
      Figures.record("permits", figures);
      assertThat(jedis.get(PermitWorker.OVERCROWDED + keyspace.env())).as("entries that found N inside").isNull();
      assertThat(results).allSatisfy(result -> assertThat(result.number("entries")).isPositive());
      // a killed holder's permit is back at its lease end (a killed waiter's queue entry lives 3 s at most,
      // no longer than this lease); the rest is this JVM's scheduling on a loaded machine
      assertThat(backMillis).as("all permits back after the kill").isLessThan(LEASE.toMillis() + 5_000);

      String holders = keyspace.fullKey("permits", PermitWorker.KEY);
      Await.until("only the documented keys left", Duration.ofSeconds(10), () -> RedisContents.keys(jedis,
          "*:" + keyspace.env() + ":*").stream().allMatch(key -> key.startsWith("permits-fence:")
              || key.startsWith("permits-releaser:")));
      assertThat(RedisContents.keys(jedis, "*:" + keyspace.env() + ":*")).doesNotContain(holders);
      jedis.del(inside);
    } finally {
      for (ChildJvm worker : workers) {
        worker.close();
      }
    }
  }

  private static ChildJvm started(RedisFixture redis, Keyspace keyspace) throws InterruptedException {
    ChildJvm worker = ChildJvm.start(PermitWorker.class, Map.of(RedisFixture.REDIS_URL, redis.uri().toString()),
        keyspace.env(), Integer.toString(THREADS), Integer.toString(PERMITS), Long.toString(LEASE.toMillis()));
    worker.awaitLine("STARTED", SLACK);
    return worker;
  }

  /** SIGKILLs {@code worker}, waits for its end, and takes its threads out of the test's count of who is inside. */
  private static void killed(RedisClient jedis, String inside, ChildJvm worker) throws Exception {
    long pid = worker.pid();
    worker.close(); // destroyForcibly: SIGKILL on Unix; its permits stay held in Redis until their leases end
    for (String who : jedis.hkeys(inside)) {
      if (who.startsWith(pid + "-")) {
        jedis.hdel(inside, who);
      }
    }
  }
}
