package dev.lockkey.redis.permit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.permit.PermitOptions;
import dev.lockkey.redis.TestKey;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.rwlock.RedisReadWriteLocks;
import dev.lockkey.testing.RedisClusterFixture;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.UnifiedJedis;

/** Permits and read/write locks on a three-master Redis Cluster: every script's keys in one slot, wake-ups heard. */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class SharedLocksOnClusterTest {
  private final Keyspace keyspace = Keyspace.of("c" + UUID.randomUUID().toString().substring(0, 8));

  @Test
  void permitsAndReadWriteLocksWorkOnEachMasterAndAReleaseWakesAWaiter() throws Exception {
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try (UnifiedJedis jedis = RedisClusterFixture.shared().newClient();
        RedisPermits permits = RedisPermits.create(JedisConnection.of(jedis), keyspace);
        RedisReadWriteLocks locks = RedisReadWriteLocks.create(JedisConnection.of(jedis), keyspace)) {
      PermitOptions one = PermitOptions.builder().permits(1)
          .lease(LockOptions.builder().leaseTime(Duration.ofSeconds(30)).waitTime(Duration.ofSeconds(60)).build())
          .build();
      for (int i = 0; i < 6; i++) { // keys on every master
        TestKey key = TestKey.of("cluster", i);
        Lease held = permits.acquire(key, one);
        Future<Lease> waiter = pool.submit(() -> permits.acquire(key, one));
        Thread.sleep(50);
        held.release(); // the lease is 30 s: only the release's wake-up (or a poll) lets the waiter in
        waiter.get(30, TimeUnit.SECONDS).release();

        Lease reader = locks.read(key, one.lease());
        assertThat(locks.tryWrite(key, one.lease())).isEmpty();
        reader.release();
        locks.write(key, one.lease()).release();
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
