package dev.lockkey.redis.internal;

import dev.lockkey.internal.OwnerTokens;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.redis.RedisAwait;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.ProxiedConnection;
import dev.lockkey.testing.RedisFixture;
import dev.lockkey.testing.TcpProxy;
import dev.lockkey.testing.TcpProxy.Direction;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.RedisProtocol;

/** The release subscriber on its own, through a proxy that can silence its connection. */
class ReleaseNotifierTest {
  private static final String CHANNEL = "released:test:{silent}";
  private static final Duration BOUND = Duration.ofSeconds(20);

  /** RESP3 is what Jedis 8 negotiates; RESP2 what Jedis 6 and 7 speak unless told. */
  @ParameterizedTest
  @EnumSource(RedisProtocol.class)
  void aSilentConnectionIsReplacedAndReleasesAreHeardAgain(RedisProtocol protocol) throws Exception {
    ScheduledExecutorService housekeeping = Executors.newSingleThreadScheduledExecutor();
    try (RedisFixture redis = RedisFixture.startLocal();
        TcpProxy proxy = TcpProxy.start(redis.node().address());
        RedisClient client = RedisClient.builder().hostAndPort(proxy.address())
            .clientConfig(DefaultJedisClientConfig.builder().protocol(protocol).build()).build();
        RedisClient publisher = redis.newClient();
        ReleaseNotifier notifier = new ReleaseNotifier(JedisConnection.of(client), housekeeping)) {
      Wakeup wakeup = new Wakeup(OwnerTokens.next());
      ReleaseNotifier.Channel channel = notifier.watch(CHANNEL, wakeup);
      RedisAwait.until("subscribed", BOUND, () -> notifier.isHealthy() && channel.confirmed());
      ProxiedConnection first = subscriberConnections(proxy).get(0);

      // replies stay away from any new connection until the test lets them through, so the
      // unhealthy state lasts until then instead of a few milliseconds
      proxy.latency(Direction.REPLIES, Duration.ofHours(1));
      first.blackHole();
      RedisAwait.until("the silent connection noticed", BOUND, () -> !notifier.isHealthy());
      assertThat(channel.confirmed()).isFalse();
      proxy.latency(Direction.REPLIES, Duration.ZERO);
      RedisAwait.until("subscribed again", BOUND, () -> notifier.isHealthy() && channel.confirmed());
      assertThat(subscriberConnections(proxy)).as("a new connection subscribes").hasSizeGreaterThan(1);
      assertThat(first.isOpen()).as("the silenced connection is still there, silent").isTrue();

      // nothing polls at this level: only the published release can wake the watcher now
      wakeup.clear();
      assertThat(publisher.publish(CHANNEL, "released")).as("receivers, the silenced one included").isEqualTo(2);
      assertThat(wakeup.await(BOUND.toNanos(), CHANNEL)).as("woken by the release").isTrue();
      assertThat(notifier.isHealthy()).isTrue();
    } finally {
      housekeeping.shutdownNow();
    }
  }

  @Test
  void aLiveConnectionIsKept() throws Exception {
    ScheduledExecutorService housekeeping = Executors.newSingleThreadScheduledExecutor();
    try (RedisFixture redis = RedisFixture.startLocal();
        TcpProxy proxy = TcpProxy.start(redis.node().address());
        RedisClient client = RedisClient.builder().hostAndPort(proxy.address()).build();
        ReleaseNotifier notifier = new ReleaseNotifier(JedisConnection.of(client), housekeeping)) {
      ReleaseNotifier.Channel channel = notifier.watch(CHANNEL, new Wakeup(OwnerTokens.next()));
      RedisAwait.until("subscribed", BOUND, () -> notifier.isHealthy() && channel.confirmed());
      ProxiedConnection subscriber = subscriberConnections(proxy).get(0);
      long repliesBefore = subscriber.bytes(Direction.REPLIES);
      // several probes answered: the connection stays, and nobody else subscribes
      RedisAwait.until("probes answered", BOUND, () -> subscriber.bytes(Direction.REPLIES) > repliesBefore + 100);
      assertThat(subscriberConnections(proxy)).containsExactly(subscriber);
      assertThat(notifier.isHealthy()).isTrue();
    } finally {
      housekeeping.shutdownNow();
    }
  }

  private static List<ProxiedConnection> subscriberConnections(TcpProxy proxy) {
    return proxy.connections().stream().filter(connection -> connection.hasSent("SUBSCRIBE")).toList();
  }
}
