package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.ProxiedConnection;
import dev.lockkey.testing.RedisFixture;
import dev.lockkey.testing.TcpProxy.Direction;
import dev.lockkey.testing.TcpProxy;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisClient;

/**
 * Executor B's pub/sub connection goes silent behind a proxy (black-holed: open, no bytes), while
 * its command connections work: B notices, subscribes on a new connection, and hears releases again.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SilentSubscriberTest {
  private static final Duration BOUND = Duration.ofSeconds(20);
  private static final LockOptions HELD_LONG = LockOptions.builder().leaseTime(Duration.ofSeconds(60)).build();

  @Test
  void aBlackHoledSubscriberIsReplacedAndTheStatsSayWhile() throws Exception {
    try (RedisFixture redis = RedisFixture.startLocal();
        TcpProxy proxy = TcpProxy.start(redis.node().address());
        RedisClient clientB = RedisClient.builder().hostAndPort(proxy.address()).build();
        RedisClient clientA = redis.newClient();
        Jedis observer = new Jedis(redis.node().address());
        RedisLockExecutor a = RedisLockExecutor.create(JedisConnection.of(clientA), Servers.KEYSPACE);
        RedisLockExecutor b = RedisLockExecutor.create(JedisConnection.of(clientB), Servers.KEYSPACE)) {
      TestKey before = TestKey.of("silent", "before");
      Lease held = a.acquire(before, HELD_LONG);
      assertThatThrownBy(() -> b.acquire(before, waitAtMost(Duration.ofMillis(300)))) // B subscribes
          .isInstanceOf(LockTimeoutException.class);
      RedisAwait.until("B subscribed", BOUND, () -> subscribers(proxy).size() == 1 && b.stats().subscriberHealthy());
      ProxiedConnection silenced = subscribers(proxy).get(0);

      proxy.latency(Direction.REPLIES, Duration.ofHours(1)); // holds a new subscription until let through
      silenced.blackHole();
      RedisAwait.until("B noticed its silent subscriber", BOUND, () -> !b.stats().subscriberHealthy());
      proxy.latency(Direction.REPLIES, Duration.ZERO);
      RedisAwait.until("B subscribed again", BOUND, () -> b.stats().subscriberHealthy());
      assertThat(subscribers(proxy)).as("subscribed on a new connection").hasSizeGreaterThan(1);
      assertThat(held.release()).isTrue();

      // a waiter of B is woken by A's release; its channel's only subscriber is B's new connection
      TestKey after = TestKey.of("silent", "after");
      String channel = Servers.KEYSPACE.fullKey("released", after);
      Lease heldAgain = a.acquire(after, HELD_LONG);
      CompletableFuture<Lease> waiter = CompletableFuture.supplyAsync(() -> b.acquire(after, waitAtMost(BOUND)));
      RedisAwait.until("B's waiter subscribed", BOUND, () -> observer.pubsubNumSub(channel).get(channel) == 1L);
      assertThat(heldAgain.release()).isTrue();
      Lease taken = waiter.get(BOUND.toSeconds(), TimeUnit.SECONDS);
      assertThat(taken.release()).isTrue();
      assertThat(b.stats().subscriberHealthy()).isTrue();
    }
  }

  private static LockOptions waitAtMost(Duration wait) {
    return LockOptions.builder().leaseTime(Duration.ofSeconds(60)).waitTime(wait).build();
  }

  private static List<ProxiedConnection> subscribers(TcpProxy proxy) {
    return proxy.connections().stream().filter(connection -> connection.hasSent("SUBSCRIBE")).toList();
  }
}
