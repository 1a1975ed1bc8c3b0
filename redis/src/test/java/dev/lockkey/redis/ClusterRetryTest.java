package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.ratelimit.RateDecision;
import dev.lockkey.ratelimit.RateLimit;
import dev.lockkey.ratelimit.RateLimiter;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.dedupe.DedupeMark;
import dev.lockkey.redis.dedupe.Deduplicator;
import dev.lockkey.redis.ratelimit.RedisRateLimiter;
import dev.lockkey.testing.RedisClusterFixture;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.RedisClusterClient;

/**
 * Issue 11, defect 1: the Jedis 8 cluster client sends a command again after a read timeout; when
 * the node was only slow, both copies run. Every mutating script must recognise its own earlier
 * run. The node sleeps (DEBUG SLEEP 0.4 s) just before the call, the client gives up after 100 ms
 * and retries; both copies run when the node wakes, in either order (each test runs three times,
 * so that a script that does not recognise its own earlier run fails almost surely).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ClusterRetryTest {
  private static final Keyspace KEYSPACE = Servers.KEYSPACE;
  private static final Duration SLEEP = Duration.ofMillis(400);

  private final RedisClusterFixture cluster = RedisClusterFixture.shared();
  /**
   * A client that gives up on a reply after 100 ms and sends the command again, up to 5 times
   * within 3 s (Jedis' default budget, 5 x 100 ms, can run out before the node wakes: then the
   * call fails instead of showing the retry).
   */
  private final RedisClusterClient slow = RedisClusterClient.builder()
      .nodes(cluster.nodes())
      .clientConfig(DefaultJedisClientConfig.builder().connectionTimeoutMillis(2000).socketTimeoutMillis(100).build())
      .maxAttempts(5)
      .maxTotalRetriesDuration(Duration.ofSeconds(3))
      .build();
  private final RedisClusterClient redis = cluster.newClient();
  private final RedisLockExecutor executor = RedisLockExecutor.create(JedisConnection.of(slow), KEYSPACE);

  @AfterEach
  void close() {
    executor.close();
    slow.close();
    redis.close();
  }

  /**
   * Makes the node of {@code fullKey} sleep, after the slow client has connected to it (so that
   * the sleep meets the command, not the connection's handshake).
   */
  private CompletableFuture<Void> sleepNodeOf(String fullKey) {
    slow.exists(fullKey);
    return cluster.nodeServing(fullKey).debugSleep(SLEEP);
  }

  @RepeatedTest(3) // the client reads the reply of either copy: the first run's or the retry's
  void aRetriedDedupeMarkIsStillFirst() throws Exception {
    SampleKey key = SampleKey.unique();
    Deduplicator dedupe = Deduplicator.create(JedisConnection.of(slow), KEYSPACE);
    CompletableFuture<Void> sleep = sleepNodeOf(KEYSPACE.fullKey(Deduplicator.PURPOSE, key));

    DedupeMark mark = dedupe.mark(key, Duration.ofMinutes(5));

    sleep.get(10, TimeUnit.SECONDS);
    assertThat(mark.first()).as("a new event's mark, sent twice by the client").isTrue();
    assertThat(Deduplicator.create(JedisConnection.of(redis), KEYSPACE).firstSeen(key, Duration.ofMinutes(5))).isFalse();
  }

  @RepeatedTest(3) // the client reads the reply of either copy: the first run's or the retry's
  void aRetriedAcquireOfAFreeKeyGetsTheLease() throws Exception {
    TestKey key = TestKey.of("order", "retry-" + System.nanoTime());
    String fullKey = KEYSPACE.fullKey(LockOptions.DEFAULT_PURPOSE, key);
    CompletableFuture<Void> sleep = sleepNodeOf(fullKey);

    Optional<Lease> lease = executor.tryAcquire(key);

    sleep.get(10, TimeUnit.SECONDS);
    assertThat(lease).as("the free key's lease, though the script ran twice").isPresent();
    assertThat(lease.get().fencingToken()).isEqualTo(Long.parseLong(redis.get(KEYSPACE.fullKey("fence", key))));
    assertThat(lease.get().release()).isTrue();
    assertThat(redis.exists(fullKey)).isFalse();
  }

  @RepeatedTest(3) // the client reads the reply of either copy: the first run's or the retry's
  void aRetriedReleaseAnswersReleased() throws Exception {
    TestKey key = TestKey.of("order", "retry-" + System.nanoTime());
    String fullKey = KEYSPACE.fullKey(LockOptions.DEFAULT_PURPOSE, key);
    AtomicInteger lost = new AtomicInteger();
    Lease lease = executor.acquire(key, LockOptions.builder().onLost(l -> lost.incrementAndGet()).build());
    CompletableFuture<Void> sleep = sleepNodeOf(fullKey);

    boolean released = lease.release();

    sleep.get(10, TimeUnit.SECONDS);
    assertThat(released).as("the release ran twice: the first deleted the lock").isTrue();
    assertThat(lost).hasValue(0);
    assertThat(redis.exists(fullKey)).isFalse();
  }

  @RepeatedTest(3) // the client reads the reply of either copy: the first run's or the retry's
  void aRetriedRateLimitAttemptCountsOnce() throws Exception {
    RateLimiter limiter = RedisRateLimiter.create(JedisConnection.of(slow), KEYSPACE);
    SampleKey window = SampleKey.unique();
    RateLimit fixed = RateLimit.perWindow(5, Duration.ofHours(1));
    CompletableFuture<Void> sleep = sleepNodeOf(KEYSPACE.fullKey("rate", window));
    RateDecision decision = limiter.tryAcquire(window, fixed);
    sleep.get(10, TimeUnit.SECONDS);
    assertThat(decision.allowed()).isTrue();
    assertThat(redis.get(KEYSPACE.fullKey("rate", window))).as("one attempt, counted once").isEqualTo("1");

    SampleKey smoothKey = SampleKey.unique();
    RateLimit smooth = RateLimit.smooth(1, Duration.ofHours(1), 2);
    sleep = sleepNodeOf(KEYSPACE.fullKey("gcra", smoothKey));
    decision = limiter.tryAcquire(smoothKey, smooth);
    sleep.get(10, TimeUnit.SECONDS);
    assertThat(decision.allowed()).isTrue();
    assertThat(decision.remaining()).as("one of a burst of two taken").isEqualTo(1);
    assertThat(limiter.tryAcquire(smoothKey, smooth).allowed()).as("the second permit of the burst is left").isTrue();
  }

  @Test
  void replicaAcknowledgementWaitsOnTheKeysNodeConnection() {
    // the shared cluster has no replicas: WAIT on the key's node answers 0 after the timeout
    TestKey key = TestKey.of("order", "replicas-" + System.nanoTime());
    String fullKey = KEYSPACE.fullKey(LockOptions.DEFAULT_PURPOSE, key);
    try (RedisLockExecutor acknowledged = RedisLockExecutor.builder(JedisConnection.of(redis), KEYSPACE)
            .replicas(1, Duration.ofMillis(100)).build();
        RedisLockExecutor locks = RedisLockExecutor.create(JedisConnection.of(redis), KEYSPACE)) {
      assertThatThrownBy(() -> acknowledged.acquire(key))
          .isInstanceOfSatisfying(ReplicationException.class, e -> assertThat(e.acknowledged()).isZero())
          .hasMessageContaining(fullKey);
      assertThat(redis.exists(fullKey)).as("released again").isFalse();
      assertThat(locks.acquire(key).release()).isTrue();
    }
  }
}
