package dev.lockkey.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.testing.TcpProxy.Direction;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.JedisPubSub;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.params.ClientKillParams;

/** The proxy's faults, seen by a Jedis client of a real server through it. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class TcpProxyTest {
  /** Short, so that a black-holed call fails soon; a loaded machine only makes it fail later. */
  private static final int SHORT_TIMEOUT_MILLIS = 300;
  private static final int PATIENT_TIMEOUT_MILLIS = 10_000;

  private static RedisFixture redis;

  @BeforeAll
  static void startServer() {
    redis = RedisFixture.startLocal();
  }

  @AfterAll
  static void stopServer() {
    redis.close();
  }

  @Test
  void forwardsBothWaysAndCountsTheBytes() {
    try (TcpProxy proxy = TcpProxy.start(redis.node().address());
        Jedis jedis = connect(proxy, PATIENT_TIMEOUT_MILLIS)) {
      jedis.set("proxy:forward", "x".repeat(100_000)); // many chunks, more than a socket buffer
      assertThat(jedis.get("proxy:forward")).hasSize(100_000);
      ProxiedConnection connection = proxy.connections().get(0);
      assertThat(connection.id()).isEqualTo(1);
      assertThat(connection.bytes(Direction.REQUESTS)).isGreaterThan(100_000);
      assertThat(connection.bytes(Direction.REPLIES)).isGreaterThan(100_000);
      assertThat(connection.hasSent("set")).isTrue();
    }
  }

  @Test
  void latencyDelaysEveryReply() {
    Duration latency = Duration.ofMillis(200);
    try (TcpProxy proxy = TcpProxy.start(redis.node().address());
        Jedis jedis = connect(proxy, PATIENT_TIMEOUT_MILLIS)) {
      jedis.ping();
      proxy.latency(Direction.REPLIES, latency);
      for (int i = 0; i < 3; i++) {
        long start = System.nanoTime();
        assertThat(jedis.ping()).isEqualTo("PONG");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(latency);
      }
      proxy.latency(latency); // both ways: a round trip is at least twice as slow
      long start = System.nanoTime();
      assertThat(jedis.ping()).isEqualTo("PONG");
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(latency.multipliedBy(2));
      proxy.heal();
      assertThat(jedis.ping()).isEqualTo("PONG");
    }
  }

  @Test
  void aBlackHoleTimesCallsOutAndKeepsTheConnectionOpenUntilHealed() throws Exception {
    try (TcpProxy proxy = TcpProxy.start(redis.node().address());
        Jedis jedis = impatientClient(proxy)) {
      jedis.ping();
      proxy.blackHole();
      assertThatThrownBy(jedis::ping).isInstanceOf(JedisConnectionException.class)
          .hasRootCauseInstanceOf(SocketTimeoutException.class);
      assertThatThrownBy(() -> connect(proxy, SHORT_TIMEOUT_MILLIS).ping()).as("a new connection is held too")
          .isInstanceOf(JedisConnectionException.class);
      assertThat(proxy.connections()).first().satisfies(connection -> assertThat(connection.isOpen()).isTrue());

      proxy.heal();
      try (Jedis healed = connect(proxy, PATIENT_TIMEOUT_MILLIS)) {
        assertThat(healed.ping()).isEqualTo("PONG");
      }
    }
  }

  @Test
  void aBlackHoleOfRepliesLetsCommandsRun() throws Exception {
    try (TcpProxy proxy = TcpProxy.start(redis.node().address());
        Jedis jedis = impatientClient(proxy);
        Jedis direct = new Jedis(redis.node().address(), clientConfig(PATIENT_TIMEOUT_MILLIS))) {
      direct.del("proxy:replies");
      proxy.blackHole(Direction.REPLIES);
      assertThatThrownBy(() -> jedis.incr("proxy:replies")).isInstanceOf(JedisConnectionException.class);
      Await.until("the command ran although its reply never came", () -> "1".equals(direct.get("proxy:replies")));
    }
  }

  @Test
  void aResetFailsTheNextCallAndNewConnectionsWork() {
    try (TcpProxy proxy = TcpProxy.start(redis.node().address())) {
      Jedis jedis = connect(proxy, PATIENT_TIMEOUT_MILLIS);
      jedis.ping();
      proxy.resetConnections();
      assertThatThrownBy(jedis::ping).isInstanceOf(JedisConnectionException.class)
          .hasRootCauseInstanceOf(SocketException.class);
      assertThat(proxy.connections()).isEmpty();
      try {
        jedis.close();
      } catch (JedisConnectionException resetSocket) {
        // Jedis flushes on close and meets the reset again
      }
      try (Jedis fresh = connect(proxy, PATIENT_TIMEOUT_MILLIS)) {
        assertThat(fresh.ping()).isEqualTo("PONG");
      }
    }
  }

  @Test
  void refusedConnectionsAreRefusedUntilHealedWhileOpenOnesGoOn() {
    try (TcpProxy proxy = TcpProxy.start(redis.node().address());
        Jedis open = connect(proxy, PATIENT_TIMEOUT_MILLIS)) {
      open.ping();
      proxy.refuseConnections();
      assertThatThrownBy(() -> {
        try (Jedis refused = connect(proxy, PATIENT_TIMEOUT_MILLIS)) {
          refused.ping();
        }
      }).isInstanceOf(JedisConnectionException.class).satisfies(refusal ->
          assertThat(refusal.getSuppressed()).hasAtLeastOneElementOfType(ConnectException.class));
      assertThat(open.ping()).isEqualTo("PONG");
      proxy.heal();
      try (Jedis accepted = connect(proxy, PATIENT_TIMEOUT_MILLIS)) {
        assertThat(accepted.ping()).isEqualTo("PONG");
      }
    }
  }

  /**
   * Clients connecting all the while (a pool filling up, a client reconnecting at once): after a
   * cut not one connection is left open, where resetting and then refusing spares one accepted
   * between the two steps now and then.
   */
  @Test
  void aCutLeavesNoConnectionOpenWhileClientsKeepConnecting() throws Exception {
    try (TcpProxy proxy = TcpProxy.start(redis.node().address());
        Connecting connecting = Connecting.to(proxy)) {
      for (int round = 1; round <= 20; round++) {
        proxy.heal();
        long connected = connecting.count();
        Await.until("a new connection through the healed proxy", () -> connecting.count() > connected);
        proxy.cut();
        assertThat(proxy.connections()).as("open after cut number " + round).isEmpty();
        assertThatThrownBy(() -> {
          try (Jedis refused = connect(proxy, PATIENT_TIMEOUT_MILLIS)) {
            refused.ping();
          }
        }).as("refused after cut number " + round).isInstanceOf(JedisConnectionException.class);
      }
    }
  }

  @Test
  void aBlackHoleOnTheSubscribedConnectionAloneSilencesItsMessagesUntilHealed() throws Exception {
    BlockingQueue<String> received = new LinkedBlockingQueue<>();
    JedisPubSub subscriber = new JedisPubSub() {
      @Override
      public void onMessage(String channel, String message) {
        received.add(message);
      }
    };
    try (TcpProxy proxy = TcpProxy.start(redis.node().address());
        Jedis subscribing = connect(proxy, 0);
        Jedis publishing = connect(proxy, PATIENT_TIMEOUT_MILLIS)) {
      publishing.ping();
      Thread listener = new Thread(() -> subscribing.subscribe(subscriber, "proxy:channel"), "test-subscriber");
      listener.start();
      Await.until("subscribed", () -> publishing.pubsubNumSub("proxy:channel").get("proxy:channel") == 1L);
      List<ProxiedConnection> subscribed = proxy.connections().stream()
          .filter(connection -> connection.hasSent("SUBSCRIBE")).toList();
      assertThat(subscribed).hasSize(1);

      subscribed.get(0).blackHole();
      assertThat(publishing.publish("proxy:channel", "held")).as("the server still counts the subscriber").isEqualTo(1);
      assertThat(publishing.ping()).as("other connections work").isEqualTo("PONG");
      assertThat(received.poll(SHORT_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)).isNull();

      proxy.heal();
      assertThat(received.poll(Await.PATIENCE.toMillis(), TimeUnit.MILLISECONDS)).as("held bytes are delivered")
          .isEqualTo("held");
      subscriber.unsubscribe();
      listener.join(Await.PATIENCE.toMillis());
      assertThat(listener.isAlive()).isFalse();
    }
  }

  @Test
  void aCloseOnEitherSideEndsTheConnection() throws Exception {
    try (TcpProxy proxy = TcpProxy.start(redis.node().address());
        Jedis admin = new Jedis(redis.node().address(), clientConfig(PATIENT_TIMEOUT_MILLIS))) {
      Jedis client = connect(proxy, PATIENT_TIMEOUT_MILLIS);
      client.clientSetname("proxy-closed-by-client");
      client.close();
      Await.until("the client's close reached the server", () -> proxy.connections().isEmpty()
          && !admin.clientList().contains("proxy-closed-by-client"));

      try (Jedis killed = connect(proxy, PATIENT_TIMEOUT_MILLIS)) {
        killed.clientSetname("proxy-killed-by-server");
        admin.clientKill(new ClientKillParams().id(Long.toString(killed.clientId())));
        Await.until("the server's close reached the proxy", () -> proxy.connections().isEmpty());
        assertThatThrownBy(killed::ping).as("the client's end was closed").isInstanceOf(JedisConnectionException.class);
      }
    }
  }

  @Test
  void aPooledClientWorksThroughTheProxyFromManyThreadsAndSurvivesAReset() throws Exception {
    int threads = 8;
    int increments = 200;
    try (TcpProxy proxy = TcpProxy.start(redis.node().address());
        RedisClient client = RedisClient.builder().hostAndPort(proxy.address())
            .clientConfig(clientConfig(PATIENT_TIMEOUT_MILLIS)).build()) {
      client.del("proxy:pooled");
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      try {
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
          done.add(pool.submit(() -> {
            for (int i = 0; i < increments; i++) {
              client.incr("proxy:pooled");
            }
          }));
        }
        for (Future<?> thread : done) {
          thread.get(Await.PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
        }
      } finally {
        pool.shutdownNow();
      }
      assertThat(client.get("proxy:pooled")).isEqualTo(Integer.toString(threads * increments));
      assertThat(proxy.connections()).hasSizeBetween(1, threads);

      proxy.resetConnections();
      Await.until("the pool replaced its reset connections", () -> {
        try {
          return "PONG".equals(client.ping());
        } catch (JedisConnectionException reset) {
          return false;
        }
      });
    }
  }

  @Test
  void closeEndsEveryConnectionAndThread() {
    TcpProxy proxy = TcpProxy.start(redis.node().address());
    Jedis jedis = impatientClient(proxy);
    jedis.ping();
    proxy.blackHole(); // threads waiting on a black hole must end too
    assertThatThrownBy(jedis::ping).isInstanceOf(JedisConnectionException.class);
    proxy.close();
    jedis.close();
    String prefix = "lockkey-proxy-" + proxy.port() + "-";
    assertThat(Thread.getAllStackTraces().keySet()).noneMatch(thread -> thread.getName().startsWith(prefix));
    assertThatThrownBy(() -> connect(proxy, SHORT_TIMEOUT_MILLIS).ping()).isInstanceOf(JedisConnectionException.class);
  }

  @Test
  void refusesToForwardBeyondLoopback() {
    assertThatThrownBy(() -> TcpProxy.start(new HostAndPort("192.0.2.1", 6379)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  /**
   * A client whose commands time out after {@link #SHORT_TIMEOUT_MILLIS}, connected with patience:
   * the handshake is not under test, and on a loaded machine it can take longer than that.
   */
  private static Jedis impatientClient(TcpProxy proxy) {
    Jedis jedis = connect(proxy, PATIENT_TIMEOUT_MILLIS);
    jedis.getConnection().setSoTimeout(SHORT_TIMEOUT_MILLIS);
    return jedis;
  }

  private static Jedis connect(TcpProxy proxy, int socketTimeoutMillis) {
    return new Jedis(proxy.address(), clientConfig(socketTimeoutMillis));
  }

  private static JedisClientConfig clientConfig(int socketTimeoutMillis) {
    return DefaultJedisClientConfig.builder()
        .connectionTimeoutMillis(PATIENT_TIMEOUT_MILLIS)
        .socketTimeoutMillis(socketTimeoutMillis)
        .build();
  }
}
