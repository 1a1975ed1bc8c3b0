package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Contention;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.RedisClient;

/**
 * Counts the commands that contention costs on one redis-server, in the scenario the DynamoDB
 * backend's {@code PollingCostTest} measures: the Redis figures of docs/BACKENDS.md. It prints
 * them; it asserts only what holds on any machine.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ContendedCostTest {
  private static final LockOptions PATIENT = LockOptions.builder().waitTime(Duration.ofSeconds(30)).build();

  @Test
  void threeContendingExecutorsCostAFewScriptCallsPerAcquisition() throws Exception {
    TestKey key = TestKey.of("order", "contended-cost");
    int perExecutor = 5;
    try (RedisClient redis = (RedisClient) RedisFixture.shared().newClient()) {
      Keyspace keyspace = Keyspace.of("cost" + Long.toHexString(System.nanoTime()));
      List<RedisLockExecutor> executors = List.of(RedisLockExecutor.create(JedisConnection.of(redis), keyspace),
          RedisLockExecutor.create(JedisConnection.of(redis), keyspace), RedisLockExecutor.create(JedisConnection.of(redis), keyspace));
      executors.get(0).acquire(key).release(); // scripts loaded
      long before = scriptCalls(redis);
      try {
        Contention.run(executors, key, perExecutor, PATIENT);
      } finally {
        executors.forEach(RedisLockExecutor::close);
      }
      int acquisitions = executors.size() * perExecutor;
      double perAcquisition = (scriptCalls(redis) - before) / (double) acquisitions;
      System.out.printf("Redis: 3 executors, %d acquisitions of one key held %d ms each:"
          + " %.1f script calls per acquisition, its release included%n", acquisitions, Contention.WORK_MILLIS,
          perAcquisition);
      assertThat(perAcquisition).isGreaterThanOrEqualTo(2);
    }
  }

  @Test
  void aWaiterForALockHeldTwoSecondsIsWokenByTheRelease() throws Exception {
    TestKey key = TestKey.of("order", "held-2s");
    try (RedisClient redis = (RedisClient) RedisFixture.shared().newClient()) {
      Keyspace keyspace = Keyspace.of("cost" + Long.toHexString(System.nanoTime()));
      try (RedisLockExecutor holder = RedisLockExecutor.create(JedisConnection.of(redis), keyspace);
          RedisLockExecutor waiter = RedisLockExecutor.create(JedisConnection.of(redis), keyspace)) {
        Lease held = holder.acquire(key);
        long before = scriptCalls(redis);
        ExecutorService thread = Executors.newSingleThreadExecutor();
        try {
          Future<Lease> waited = thread.submit(() -> waiter.acquire(key, PATIENT));
          Thread.sleep(2000);
          held.release();
          waited.get(30, TimeUnit.SECONDS).release();
        } finally {
          thread.shutdownNow();
        }
        long attempts = scriptCalls(redis) - before - 2; // less the two releases
        System.out.printf("Redis: a waiter for a lock held 2 s made %d script calls to acquire it%n", attempts);
        assertThat(attempts).isGreaterThanOrEqualTo(1);
      }
    }
  }

  /** EVALSHA and EVAL calls so far, from INFO commandstats. */
  private static long scriptCalls(RedisClient redis) {
    long calls = 0;
    Matcher stat = Pattern.compile("cmdstat_(evalsha|eval):calls=(\\d+)").matcher(redis.info("commandstats"));
    while (stat.find()) {
      calls += Long.parseLong(stat.group(2));
    }
    return calls;
  }
}
