package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.UnifiedJedis;

/** Issue 11, defect 8: after a release the fence lives the grace, not the rest of the lease. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FenceGraceTest {
  private final UnifiedJedis redis = RedisFixture.shared().newClient();

  @AfterEach
  void close() {
    redis.close();
  }

  @Test
  void theFenceOfAReleasedCenturyLeaseLivesTheConfiguredGrace() {
    Duration grace = Duration.ofSeconds(30);
    try (RedisLockExecutor locks = RedisLockExecutor.builder(JedisConnection.of(redis), Servers.KEYSPACE).fenceGrace(grace).build()) {
      SampleKey key = SampleKey.unique();
      Lease lease = locks.acquire(key, LockOptions.builder().leaseTime(LockOptions.MAX_LEASE_TIME).build());
      String fence = Servers.KEYSPACE.fullKey("fence", key);
      assertThat(redis.pttl(fence)).isGreaterThan(LockOptions.MAX_LEASE_TIME.toMillis());

      assertThat(lease.release()).isTrue();

      assertThat(redis.pttl(fence)).isBetween(1L, grace.toMillis());
      assertThat(redis.get(fence)).isEqualTo(Long.toString(lease.fencingToken()));
      Lease next = locks.acquire(key);
      assertThat(next.fencingToken()).as("still rising by the stored value").isGreaterThan(lease.fencingToken());
      next.release();
    }
  }

  @Test
  void theDefaultGraceIsTenMinutes() {
    try (RedisLockExecutor locks = RedisLockExecutor.create(JedisConnection.of(redis), Servers.KEYSPACE)) {
      SampleKey key = SampleKey.unique();
      locks.acquire(key, LockOptions.builder().leaseTime(Duration.ofDays(365)).build()).release();
      assertThat(redis.pttl(Servers.KEYSPACE.fullKey("fence", key))).isBetween(1L, Duration.ofMinutes(10).toMillis());
    }
  }

  @Test
  void aGraceOutsideOneSecondToOneDayIsRejectedByBuild() {
    assertThatThrownBy(() -> RedisLockExecutor.builder(JedisConnection.of(redis), Servers.KEYSPACE).fenceGrace(Duration.ofMillis(999)).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("fenceGrace");
    assertThatThrownBy(() -> RedisLockExecutor.builder(JedisConnection.of(redis), Servers.KEYSPACE).fenceGrace(Duration.ofDays(2)).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("fenceGrace");
    assertThatThrownBy(() -> RedisLockExecutor.builder(JedisConnection.of(redis), Servers.KEYSPACE).fenceGrace(null))
        .isInstanceOf(NullPointerException.class);
  }
}
