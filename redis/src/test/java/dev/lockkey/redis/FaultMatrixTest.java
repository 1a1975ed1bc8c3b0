package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LeaseLostException;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.ratelimit.RateLimit;
import dev.lockkey.ratelimit.RateLimiter;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.dedupe.Deduplicator;
import dev.lockkey.redis.ratelimit.RedisRateLimiter;
import dev.lockkey.testing.RedisFixture;
import dev.lockkey.testing.TcpProxy;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.params.SetParams;

/**
 * Rows of the fault matrix in docs/RELIABILITY.md that no other test shows: every connection to
 * the server black-holed, the server paused past a lease, and a held lock evicted. What each
 * operation does then, asserted as invariants with generous bounds.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class FaultMatrixTest {
  private static final Duration CLIENT_TIMEOUT = Duration.ofMillis(500);
  /** Far above the client timeout: only a hang would exceed it. */
  private static final Duration NO_HANG = Duration.ofSeconds(5);
  private static final Duration BOUND = Duration.ofSeconds(20);

  @Test
  void blackHoledConnectionsFailEveryCallWithinTheTimeoutAndTheRenewedLeaseIsFoundLost() {
    try (RedisFixture redis = RedisFixture.startLocal();
        TcpProxy proxy = TcpProxy.start(redis.node().address());
        RedisClient client = RedisClient.builder().hostAndPort(proxy.address())
            .clientConfig(DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis((int) CLIENT_TIMEOUT.toMillis())
                .socketTimeoutMillis((int) CLIENT_TIMEOUT.toMillis()).build()).build();
        RedisClient direct = redis.newClient();
        RedisLockExecutor locks = RedisLockExecutor.create(JedisConnection.of(client), Servers.KEYSPACE)) {
      AtomicInteger lost = new AtomicInteger();
      Lease renewed = locks.acquire(TestKey.of("black-hole", 1), LockOptions.builder()
          .leaseTime(Duration.ofSeconds(3)).renewal(true).onLost(lease -> lost.incrementAndGet()).build());
      Lease held = locks.acquire(TestKey.of("black-hole", 2), LockOptions.builder().leaseTime(Duration.ofSeconds(60)).build());
      Deduplicator dedupe = Deduplicator.create(JedisConnection.of(client), Servers.KEYSPACE);
      RateLimiter rates = RedisRateLimiter.create(JedisConnection.of(client), Servers.KEYSPACE);

      proxy.blackHole();
      failsUnavailable(() -> locks.tryAcquire(TestKey.of("black-hole", 3)));
      failsUnavailable(() -> locks.acquire(TestKey.of("black-hole", 4)));
      failsUnavailable(held::release);
      failsUnavailable(() -> held.extend(Duration.ofSeconds(60)));
      AtomicInteger workRuns = new AtomicInteger();
      failsUnavailable(() -> locks.withLock(TestKey.of("black-hole", 5), lease -> workRuns.incrementAndGet()));
      assertThat(workRuns).as("no work without the lock").hasValue(0);
      failsUnavailable(() -> dedupe.firstSeen(TestKey.of("black-hole", 6), Duration.ofMinutes(1)));
      failsUnavailable(() -> rates.tryAcquire(TestKey.of("black-hole", 7), RateLimit.perWindow(5, Duration.ofMinutes(1))));
      RedisAwait.until("the renewed lease found lost", BOUND, renewed::isLost);
      RedisAwait.until("onLost told", BOUND, () -> lost.get() == 1);

      proxy.heal();
      assertThat(direct.pttl(Servers.KEYSPACE.fullKey("lock", TestKey.of("black-hole", 2))))
          .as("the lock whose release failed stays until its lease ends").isPositive();
      assertThat(held.release()).as("released once the path is back").isTrue();
      assertThat(renewed.release()).as("a lost lease releases nothing").isFalse();
    }
  }

  @Test
  void aServerPausedPastTheLeaseFailsCallsAndHandsTheLockOnWithAHigherToken() {
    try (RedisFixture redis = RedisFixture.startLocal();
        RedisClient holderClient = redis.newClient(CLIENT_TIMEOUT, CLIENT_TIMEOUT);
        RedisClient otherClient = redis.newClient(CLIENT_TIMEOUT, CLIENT_TIMEOUT);
        RedisLockExecutor holder = RedisLockExecutor.create(JedisConnection.of(holderClient), Servers.KEYSPACE);
        RedisLockExecutor other = RedisLockExecutor.create(JedisConnection.of(otherClient), Servers.KEYSPACE)) {
      AtomicInteger lost = new AtomicInteger();
      TestKey renewedKey = TestKey.of("paused", 1);
      Lease renewed = holder.acquire(renewedKey, LockOptions.builder()
          .leaseTime(Duration.ofSeconds(2)).renewal(true).onLost(lease -> lost.incrementAndGet()).build());
      Lease plain = holder.acquire(TestKey.of("paused", 2), LockOptions.builder().leaseTime(Duration.ofSeconds(2)).build());

      redis.node().pause();
      try {
        failsUnavailable(() -> other.tryAcquire(TestKey.of("paused", 3)));
        failsUnavailable(() -> other.acquire(renewedKey, LockOptions.builder().waitTime(Duration.ofSeconds(1)).build()));
        RedisAwait.until("the renewed lease found lost while the server is paused", BOUND, renewed::isLost);
        RedisAwait.until("the plain lease ran out (by this process' monotonic clock)", BOUND, () -> {
          try {
            plain.checkHeld();
            return false;
          } catch (LeaseLostException ranOut) {
            return true;
          }
        });
      } finally {
        redis.node().resume();
      }
      // isLost() turns true by the monotonic clock, which may be before the watchdog's onLost
      RedisAwait.until("onLost told", BOUND, () -> lost.get() > 0);
      assertThat(lost).hasValue(1);
      // Redis expires by its own clock, which ran on: the lock is free once the server answers
      Optional<Lease> next = other.tryAcquire(renewedKey);
      assertThat(next).as("taken at once after the resume").isPresent();
      assertThat(next.get().fencingToken()).isGreaterThan(renewed.fencingToken());
      assertThat(renewed.release()).isFalse();
      assertThat(plain.extend(Duration.ofSeconds(5))).isFalse();
      assertThat(next.get().release()).isTrue();
    }
  }

  @Test
  void anEvictingPolicyCanFreeAHeldLockAndTheStartupCheckWarnsOfIt() {
    try (RedisFixture redis = RedisFixture.startLocal();
        RedisClient holderClient = redis.newClient();
        RedisClient otherClient = redis.newClient()) {
      redis.node().limitMemory("4mb", "volatile-ttl");
      try (RedisLockExecutor holder = RedisLockExecutor.create(JedisConnection.of(holderClient), Servers.KEYSPACE);
          RedisLockExecutor other = RedisLockExecutor.create(JedisConnection.of(otherClient), Servers.KEYSPACE)) {
        RedisAwait.until("warned", BOUND, () -> holder.stats().evictionPolicySafe() == EvictionSafety.UNSAFE);
        TestKey key = TestKey.of("evicted", 1);
        Lease held = holder.acquire(key, LockOptions.builder().leaseTime(Duration.ofSeconds(60)).build());
        String lock = Servers.KEYSPACE.fullKey("lock", key);
        String value = "x".repeat(10_000);
        // cache entries that live longer than the lease: volatile-ttl evicts the lock first
        for (int written = 0; written < 10_000 && holderClient.exists(lock); written++) {
          holderClient.set("cache:" + written, value, SetParams.setParams().ex(3600));
        }
        assertThat(holderClient.exists(lock)).as("the held lock was evicted").isFalse();
        Lease taken = other.tryAcquire(key).orElseThrow(() -> new AssertionError("another client takes it"));
        assertThat(taken.fencingToken()).as("the token still rises (time floor)").isGreaterThan(held.fencingToken());
        assertThat(held.release()).as("the holder learns at its release").isFalse();
        assertThat(held.isLost()).isTrue();
        assertThat(taken.release()).isTrue();
      }
    }
  }

  private static void failsUnavailable(ThrowingCallable call) {
    assertTimeoutPreemptively(NO_HANG, () -> assertThatThrownBy(call).isInstanceOf(RedisUnavailableException.class));
  }
}
