package dev.lockkey.redis.flight;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.codec.ResultCodec;
import dev.lockkey.flight.FlightFailedException;
import dev.lockkey.flight.FlightOptions;
import dev.lockkey.flight.SingleFlight;
import dev.lockkey.lock.Concurrently;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.redis.RedisAwait;
import dev.lockkey.redis.Servers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.UnifiedJedis;

/** Three servers (each its own client, executor and single flight) sharing one Redis. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SingleFlightTest {
  private static final Keyspace KEYSPACE = Servers.KEYSPACE;
  static final int SERVERS = 3;
  private static final int THREADS_PER_SERVER = 6;
  private static final FlightOptions<String> TEXT = FlightOptions.builder(ResultCodec.utf8()).build();

  private final Servers servers = newServers();
  private final List<SingleFlight> flights = servers.each(RedisSingleFlight::create);
  private final UnifiedJedis redis = servers.client(0);
  private final AtomicInteger computations = new AtomicInteger();
  private final String redisCounter = "test:computations:" + UUID.randomUUID();

  /** The servers of these tests: on Jedis here, on another client's port in a subclass. */
  Servers newServers() {
    return Servers.onSingleNode(SERVERS);
  }

  @AfterEach
  void stopServers() {
    redis.del(redisCounter);
    servers.close();
  }

  /** Counts a computation in this JVM and in Redis, and returns its number. */
  private int countComputation() {
    redis.incr(redisCounter);
    return computations.incrementAndGet();
  }

  private long computationsInRedis() {
    return Long.parseLong(redis.get(redisCounter));
  }

  /** Runs one caller per thread, {@value #THREADS_PER_SERVER} on each server; returns what each got or threw. */
  private List<Object> everyServerAsks(CheckedFlight flight) throws Exception {
    return Concurrently.run(SERVERS * THREADS_PER_SERVER, i -> () -> {
      try {
        return flight.run(flights.get(i % SERVERS));
      } catch (Exception e) {
        return e;
      }
    });
  }

  @FunctionalInterface
  private interface CheckedFlight {
    Object run(SingleFlight server) throws Exception;
  }

  @Test
  void computesOnceForCallersOnThreeServersAndServesTheStoredResultAfterwards() throws Exception {
    SampleKey key = SampleKey.unique();
    List<Object> answers = everyServerAsks(server -> server.run(key, TEXT, lease -> {
      int n = countComputation();
      Thread.sleep(200); // long enough for every caller to arrive while the leader computes
      return "summary " + n;
    }));

    assertThat(answers).hasSize(SERVERS * THREADS_PER_SERVER).containsOnly("summary 1");
    assertThat(computations).hasValue(1);
    assertThat(computationsInRedis()).isEqualTo(1);

    String later = flights.get(2).run(key, TEXT, lease -> "summary " + countComputation());
    assertThat(later).isEqualTo("summary 1");
    assertThat(computations).hasValue(1);
    String resultKey = KEYSPACE.fullKey("result", key);
    assertThat(redis.pttl(resultKey)).isBetween(1L, FlightOptions.DEFAULT_RESULT_TTL.toMillis());
    assertThat(redis.exists(KEYSPACE.fullKey("flight", key))).as("the leader released").isFalse();
  }

  @Test
  void sharesADeterministicFailureWithEveryWaiterWithoutItsStackTrace() throws Exception {
    SampleKey key = SampleKey.unique();
    FlightOptions<String> options = TEXT.toBuilder()
        .deterministicFailure(e -> e instanceof IllegalArgumentException)
        .failureTtl(Duration.ofMillis(300))
        .build();

    List<Object> answers = everyServerAsks(server -> server.run(key, options, lease -> {
      countComputation();
      Thread.sleep(200);
      throw new IllegalArgumentException("unsupported format: PDF/A-3");
    }));

    assertThat(computations).hasValue(1);
    assertThat(computationsInRedis()).isEqualTo(1);
    assertThat(answers).filteredOn(IllegalArgumentException.class::isInstance).hasSize(1);
    List<FlightFailedException> shared = answers.stream()
        .filter(FlightFailedException.class::isInstance).map(FlightFailedException.class::cast).toList();
    assertThat(shared).hasSize(SERVERS * THREADS_PER_SERVER - 1).allSatisfy(e -> {
      assertThat(e.failureType()).isEqualTo("java.lang.IllegalArgumentException");
      assertThat(e.failureMessage()).isEqualTo("unsupported format: PDF/A-3");
      assertThat(e.getCause()).isNull();
      assertThat(e.fullKey()).isEqualTo(KEYSPACE.fullKey("result", key));
      assertThat(e).hasMessage(KEYSPACE.fullKey("result", key)
          + ": the computation failed with java.lang.IllegalArgumentException: unsupported format: PDF/A-3");
    });

    String resultKey = KEYSPACE.fullKey("result", key);
    RedisAwait.until("the failure expired", Duration.ofSeconds(5), () -> !redis.exists(resultKey));
    assertThat(flights.get(0).run(key, options, lease -> "fixed " + countComputation())).isEqualTo("fixed 2");
  }

  @Test
  void aTransientFailureReleasesTheFlightAndExactlyOneWaiterComputesAgain() throws Exception {
    SampleKey key = SampleKey.unique();
    List<Object> answers = everyServerAsks(server -> server.run(key, TEXT, lease -> {
      int n = countComputation();
      Thread.sleep(200);
      if (n == 1) {
        throw new IllegalStateException("downstream timed out");
      }
      return "summary " + n;
    }));

    assertThat(computations).hasValue(2);
    assertThat(computationsInRedis()).isEqualTo(2);
    assertThat(answers).filteredOn(IllegalStateException.class::isInstance).hasSize(1);
    assertThat(answers).filteredOn("summary 2"::equals).hasSize(SERVERS * THREADS_PER_SERVER - 1);
  }

  @Test
  void aLeaderThatDiedIsReplacedWhenItsLeaseRunsOut() throws Exception {
    SampleKey key = SampleKey.unique();
    long deadLeaderToken;
    try (Servers deadServer = Servers.onSingleNode(1)) {
      LockOptions flight = FlightOptions.DEFAULT_LOCK_OPTIONS.toBuilder()
          .purpose("flight").leaseTime(Duration.ofMillis(500)).renewal(false).build();
      deadLeaderToken = deadServer.executor(0).acquire(key, flight).fencingToken(); // never released, never renewed
    }
    AtomicLong newLeaderToken = new AtomicLong();

    List<Object> answers = everyServerAsks(server -> server.run(key, TEXT, lease -> {
      newLeaderToken.set(lease.fencingToken());
      return "summary " + countComputation();
    }));

    assertThat(answers).containsOnly("summary 1");
    assertThat(computations).hasValue(1);
    assertThat(computationsInRedis()).isEqualTo(1);
    assertThat(newLeaderToken.get()).isGreaterThan(deadLeaderToken);
  }

  @Test
  void aWaiterThatRunsOutOfTimeGetsALockTimeoutNamingTheFlight() throws Exception {
    SampleKey key = SampleKey.unique();
    CountDownLatch leading = new CountDownLatch(1);
    CountDownLatch finish = new CountDownLatch(1);
    FlightOptions<String> impatient = TEXT.toBuilder()
        .lockOptions(LockOptions.builder().waitTime(Duration.ofMillis(200)).build())
        .build();

    List<Object> answers = Concurrently.run(2, i -> () -> {
      if (i == 0) {
        return flights.get(0).run(key, TEXT, lease -> {
          leading.countDown();
          finish.await(30, TimeUnit.SECONDS);
          return "summary";
        });
      }
      leading.await(30, TimeUnit.SECONDS);
      try {
        return flights.get(1).run(key, impatient, lease -> "must not run");
      } catch (LockTimeoutException e) {
        finish.countDown();
        return e;
      }
    });

    assertThat(answers.get(0)).isEqualTo("summary");
    assertThat(answers.get(1)).isInstanceOfSatisfying(LockTimeoutException.class, e -> {
      assertThat(e.fullKey()).isEqualTo(KEYSPACE.fullKey("flight", key));
      assertThat(e.waitTime()).isEqualTo(Duration.ofMillis(200));
    });
  }

  @Test
  void theFlightLockIsIndependentOfAnOrdinaryLockOnTheSameKey() {
    SampleKey key = SampleKey.unique();
    try (Lease ordinary = servers.executor(0).acquire(key)) {
      String flightKey = flights.get(1).run(key, TEXT, Lease::fullKey);

      assertThat(ordinary.fullKey()).isEqualTo("lock:test:{" + key.canonical() + "}");
      assertThat(flightKey).isEqualTo("flight:test:{" + key.canonical() + "}");
      assertThat(redis.exists("flight-fence:test:{" + key.canonical() + "}")).isTrue();
      assertThat(ordinary.isLost()).isFalse();
    }
  }

  @Test
  void storesResultsThroughTheirCodec() throws Exception {
    FlightOptions<byte[]> raw = FlightOptions.builder(ResultCodec.bytes()).build();
    ResultCodec<Integer> decimal = new ResultCodec<>() {
      @Override
      public byte[] encode(Integer value) {
        return value.toString().getBytes(StandardCharsets.US_ASCII);
      }

      @Override
      public Integer decode(byte[] bytes) {
        return Integer.valueOf(new String(bytes, StandardCharsets.US_ASCII));
      }
    };
    FlightOptions<Integer> numbers = FlightOptions.builder(decimal).build();
    byte[] thumbnail = {(byte) 0x89, 'P', 'N', 'G', 0, (byte) 0xff, '\n'};
    SampleKey image = SampleKey.unique();
    SampleKey count = SampleKey.unique();

    flights.get(0).run(image, raw, lease -> thumbnail.clone());
    flights.get(0).run(count, numbers, lease -> 42);

    assertThat(flights.get(1).run(image, raw, lease -> new byte[0])).isEqualTo(thumbnail);
    assertThat(flights.get(1).run(count, numbers, lease -> -1)).isEqualTo(42);
  }

  @Test
  void aNullResultIsNotStoredSoTheNextCallerComputes() throws Exception {
    SampleKey key = SampleKey.unique();
    assertThatThrownBy(() -> flights.get(0).run(key, TEXT, lease -> null))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("returned null");
    assertThat(flights.get(1).run(key, TEXT, lease -> "summary")).isEqualTo("summary");
  }

  @Test
  void rejectsTimesToLiveUnderOneMillisecond() {
    assertThatThrownBy(() -> TEXT.toBuilder().resultTtl(Duration.ZERO).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("resultTtl");
    assertThatThrownBy(() -> TEXT.toBuilder().failureTtl(Duration.ofNanos(10)).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("failureTtl");
    assertThat(TEXT.toBuilder().lockOptions(LockOptions.defaults()).build().lockOptions().purpose()).isEqualTo("flight");
  }
}
