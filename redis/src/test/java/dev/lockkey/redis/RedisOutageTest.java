package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeout;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.exceptions.JedisConnectionException;

/** A Redis server that stops and starts again under the executor, on the same port. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RedisOutageTest {
  private static final Duration CLIENT_TIMEOUT = Duration.ofMillis(500);
  /** Far above the client timeouts: only a hang would exceed it. */
  private static final Duration NO_HANG = Duration.ofSeconds(5);

  private final List<LockException> errors = new CopyOnWriteArrayList<>();
  /** The threads that ran listener methods and callbacks: never a renewal thread. */
  private final List<String> listenerThreads = new CopyOnWriteArrayList<>();
  private RedisFixture redis;
  private RedisClient jedis;
  private RedisLockExecutor locks;
  private RedisLockExecutor other;
  private ExecutorService pool;

  @BeforeEach
  void startOwnServer() {
    redis = RedisFixture.start();
    assumeTrue(redis.ownsServer(), "REDIS_URL is set: outage tests must stop and restart a server they own");
    jedis = redis.newClient(CLIENT_TIMEOUT, CLIENT_TIMEOUT);
    locks = RedisLockExecutor.builder(JedisConnection.of(jedis), Keyspace.of("outage")).listener(new LockListener() {
      @Override
      public void onError(LockKey key, LockException error) {
        errors.add(error);
        listenerThreads.add(Thread.currentThread().getName());
      }
    }).build();
    other = RedisLockExecutor.create(JedisConnection.of(jedis), Keyspace.of("outage"));
    pool = Executors.newSingleThreadExecutor();
  }

  @AfterEach
  void stopEverything() throws InterruptedException {
    if (pool != null) {
      pool.shutdownNow();
      assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }
    if (locks != null) {
      locks.close();
      other.close();
      jedis.close();
    }
    redis.close();
  }

  @Test
  void operationsDuringAnOutageFailWithinTheTimeoutsAndWorkAgainAfterARestart() throws Exception {
    TestKey key = TestKey.of("order", 1);
    Lease before = locks.acquire(key);
    awaitSubscriberRunning(); // so that its reconnection is part of the test

    redis.stop();
    assertTimeout(NO_HANG, () -> assertThatThrownBy(() -> locks.tryAcquire(TestKey.of("order", 2)))
        .isInstanceOf(RedisUnavailableException.class)
        .hasCauseInstanceOf(JedisConnectionException.class)
        .hasMessageContaining("lock:outage:{order:lock:v1:2}"));
    assertTimeout(NO_HANG, () -> assertThatThrownBy(() -> locks.acquire(TestKey.of("order", 3)))
        .isInstanceOf(RedisUnavailableException.class)
        .hasCauseInstanceOf(JedisConnectionException.class));
    assertTimeout(NO_HANG, () -> assertThatThrownBy(before::release)
        .isInstanceOf(RedisUnavailableException.class)
        .message().doesNotContain(before.ownerToken()));
    assertThat(errors).hasSizeGreaterThanOrEqualTo(3).allMatch(e -> e instanceof RedisUnavailableException);
    assertThat(before.isLost()).isFalse();

    redis.restart(); // empty: the lock taken before is gone with the old process
    RedisAwait.until("an acquisition works again", Duration.ofSeconds(10), () -> {
      try {
        locks.acquire(key).release();
        return true;
      } catch (RedisUnavailableException staleConnection) {
        return false; // a pooled connection to the old process fails once
      }
    });

    Lease held = other.acquire(TestKey.of("order", 4));
    Future<Lease> waiter = pool.submit(() -> locks.acquire(TestKey.of("order", 4)));
    RedisAwait.until("the waiter subscribed again after the restart", Duration.ofSeconds(10),
        () -> subscribers("released:outage:{order:lock:v1:4}") == 1);
    assertThat(held.release()).isTrue();
    assertThat(waiter.get(10, TimeUnit.SECONDS).release()).isTrue();
  }

  @Test
  void renewalsFailingThroughAnOutageMarkTheLeaseLostOnceItRanOut() throws InterruptedException {
    CountDownLatch lost = new CountDownLatch(1);
    Lease lease = locks.acquire(TestKey.of("order", 5), LockOptions.builder()
        .leaseTime(Duration.ofMillis(600)).renewal(true).onLost(gone -> {
          listenerThreads.add(Thread.currentThread().getName());
          lost.countDown();
        }).build());
    redis.stop();
    assertThat(lost.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(lease.isLost()).isTrue();
    assertThat(lease.isRenewing()).isFalse();
    assertThat(errors).isNotEmpty().allMatch(e -> e instanceof RedisUnavailableException);
    assertThat(listenerThreads).isNotEmpty().noneMatch(name -> name.startsWith("lockkey-renewal-"));
  }

  private long subscribers(String channel) {
    try (Jedis admin = new Jedis(redis.host(), redis.port())) {
      return admin.pubsubNumSub(channel).get(channel);
    }
  }

  private void awaitSubscriberRunning() throws Exception {
    Lease held = other.acquire(TestKey.of("order", 0));
    Future<Lease> waiter = pool.submit(() -> locks.acquire(TestKey.of("order", 0)));
    RedisAwait.until("the subscriber runs", Duration.ofSeconds(10),
        () -> subscribers("released:outage:{order:lock:v1:0}") == 1);
    held.release();
    waiter.get(10, TimeUnit.SECONDS).release();
  }
}
