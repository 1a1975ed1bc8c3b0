package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.codec.ResultCodec;
import dev.lockkey.flight.FlightOptions;
import dev.lockkey.flight.SingleFlight;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.flight.RedisSingleFlight;
import dev.lockkey.rollout.VersionRollout;
import dev.lockkey.testing.RedisFixture;
import dev.lockkey.testing.TcpProxy;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.RedisClient;

/**
 * A Redis failure after the work ran, made real by a {@link TcpProxy} between the client and a
 * redis-server that black-holes or resets the connections while the work runs: the release (and
 * the single flight's result store) fail, yet the caller gets the work's result, the work ran
 * once, and the listener heard the failure. Single server only: a cluster client would bypass
 * the proxy.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FailureAfterWorkTest {
  private static final int CLIENT_TIMEOUT_MILLIS = 300;
  /** Short, so that a lock whose release failed runs out soon after the test. */
  private static final LockOptions OPTIONS = LockOptions.builder().leaseTime(Duration.ofSeconds(2)).build();

  private final List<LockException> errors = new CopyOnWriteArrayList<>();
  private final AtomicInteger runs = new AtomicInteger();
  private RedisFixture redis;
  private TcpProxy proxy;
  private RedisClient client;
  private RedisLockExecutor locks;

  @BeforeAll
  void startServer() {
    redis = RedisFixture.startLocal();
  }

  @AfterAll
  void stopServer() {
    redis.close();
  }

  @BeforeEach
  void connectThroughAProxy() {
    errors.clear();
    runs.set(0);
    proxy = TcpProxy.start(redis.node().address());
    client = RedisClient.builder().hostAndPort(proxy.address()).clientConfig(DefaultJedisClientConfig.builder()
        .connectionTimeoutMillis(CLIENT_TIMEOUT_MILLIS).socketTimeoutMillis(CLIENT_TIMEOUT_MILLIS).build()).build();
    locks = RedisLockExecutor.builder(JedisConnection.of(client), Keyspace.of("w" + Long.toHexString(System.nanoTime())))
        .listener(new LockListener() {
          @Override
          public void onError(LockKey key, LockException error) {
            errors.add(error);
          }
        }).build();
  }

  @AfterEach
  void disconnect() {
    locks.close();
    client.close();
    proxy.close();
  }

  @Test
  void withLockReturnsTheWorksResultWhenTheReleaseMeetsABlackHole() {
    String result = locks.withLock(TestKey.of("payment", 1), OPTIONS, lease -> {
      runs.incrementAndGet();
      proxy.blackHole();
      return "captured";
    });
    assertThat(result).isEqualTo("captured");
    assertThat(runs).hasValue(1);
    assertThat(errors).isNotEmpty().allMatch(e -> e instanceof RedisUnavailableException);
  }

  @Test
  void withLockReturnsTheWorksResultWhenTheConnectionsAreReset() {
    String result = locks.withLock(TestKey.of("payment", 2), OPTIONS, lease -> {
      runs.incrementAndGet();
      proxy.cut(); // refused as well as reset, so that the release cannot simply reconnect
      return "captured";
    });
    assertThat(result).isEqualTo("captured");
    assertThat(runs).hasValue(1);
    assertThat(errors).isNotEmpty().allMatch(e -> e instanceof RedisUnavailableException);
  }

  @Test
  void aWorksOwnExceptionIsThrownWithTheFailedReleaseSuppressed() {
    assertThatThrownBy(() -> locks.withLock(TestKey.of("payment", 3), OPTIONS, lease -> {
      runs.incrementAndGet();
      proxy.blackHole();
      throw new IOException("card declined");
    })).isInstanceOf(IOException.class).hasMessage("card declined")
        .satisfies(e -> assertThat(e.getSuppressed()).singleElement().isInstanceOf(RedisUnavailableException.class));
    assertThat(runs).hasValue(1);
  }

  @Test
  void aSingleFlightReturnsTheComputedResultWhenStoringAndReleasingFail() {
    SingleFlight flights = RedisSingleFlight.create(JedisConnection.of(client), locks);
    FlightOptions<String> options = FlightOptions.builder(ResultCodec.utf8()).lockOptions(OPTIONS).build();
    String summary = flights.run(TestKey.of("document", 4), options, lease -> {
      runs.incrementAndGet();
      proxy.blackHole();
      return "summary";
    });
    assertThat(summary).isEqualTo("summary");
    assertThat(runs).hasValue(1);
    assertThat(errors).as("the store's failure and the release's").hasSizeGreaterThanOrEqualTo(2)
        .allMatch(e -> e instanceof RedisUnavailableException);
  }

  @Test
  void aRolloutReturnsTheWorksResultWhenTheReleaseFails() {
    VersionRollout rollout = VersionRollout.lockingBoth(locks);
    String result = rollout.withLock(SampleKey.item(2, "5"), SampleKey.item(1, "5"), OPTIONS, lease -> {
      runs.incrementAndGet();
      proxy.blackHole();
      return "moved";
    });
    assertThat(result).isEqualTo("moved");
    assertThat(runs).hasValue(1);
    assertThat(errors).isNotEmpty().allMatch(e -> e instanceof RedisUnavailableException);
  }
}
