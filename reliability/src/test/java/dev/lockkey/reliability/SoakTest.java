package dev.lockkey.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.Keyspace;
import dev.lockkey.codec.ResultCodec;
import dev.lockkey.flight.FlightOptions;
import dev.lockkey.flight.SingleFlight;
import dev.lockkey.idempotency.IdempotencyOptions;
import dev.lockkey.idempotency.IdempotentCalls;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.ratelimit.RateLimit;
import dev.lockkey.ratelimit.RateLimiter;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.flight.RedisSingleFlight;
import dev.lockkey.redis.idempotency.RedisIdempotentCalls;
import dev.lockkey.redis.ratelimit.RedisRateLimiter;
import dev.lockkey.reliability.specs.StockAdjustmentKey;
import dev.lockkey.testing.RedisFixture;
import dev.lockkey.testing.TcpProxy;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.RedisClient;

/**
 * The soak: one application's threads run a mixed load (locks, single flights, rate limits and
 * idempotent calls on many keys) through a proxy to one Redis server for
 * {@code -Dlockkey.soak.minutes=N} minutes, with a fault now and then (the proxy black-holed or
 * reset, the server put to {@code DEBUG SLEEP}). Every {@value #SAMPLE_SECONDS} s it samples the
 * heap after a collection, the JVM's threads, the executor's tracked keys and the server's key
 * count into {@code target/soak/soak.csv}, and draws each as a PNG next to it: all must stay flat
 * after the warm-up. Off unless the property is set (docs/RELIABILITY.md shows an hour's curves).
 */
@EnabledIfSystemProperty(named = "lockkey.soak.minutes", matches = "[1-9][0-9]*")
class SoakTest {
  private static final int THREADS = 8;
  private static final int KEYS = 5_000;
  private static final int SAMPLE_SECONDS = 10;
  private static final Path OUT = Path.of("target", "soak");
  private static final LockOptions LOCK = LockOptions.builder()
      .leaseTime(Duration.ofSeconds(2)).waitTime(Duration.ofSeconds(1)).build();
  private static final FlightOptions<String> FLIGHT = FlightOptions.builder(ResultCodec.utf8())
      .resultTtl(Duration.ofSeconds(20)).build();
  private static final IdempotencyOptions<String> IDEMPOTENT = IdempotencyOptions.builder(ResultCodec.utf8())
      .expiry(Duration.ofSeconds(30)).build();
  /** One payload per key: a call replays, never conflicts. */
  private static final String FINGERPRINT = "0123456789abcdef0123456789abcdef";
  private static final RateLimit LIMIT = RateLimit.perWindow(5, Duration.ofSeconds(1));

  /** One sample: the columns of the CSV. */
  record Sample(double seconds, double heapMiB, double threads, double trackedKeys, double storeKeys, long calls,
      long failures) {
    String csv() {
      return String.format(Locale.ROOT, "%.0f,%.1f,%.0f,%.0f,%.0f,%d,%d", seconds, heapMiB, threads, trackedKeys,
          storeKeys, calls, failures);
    }
  }

  @Test
  void heapThreadsTrackedKeysAndStoreKeysStayFlatUnderAMixedLoadWithFaults() throws Exception {
    Duration time = Duration.ofMinutes(Long.getLong("lockkey.soak.minutes"));
    Keyspace keyspace = UniqueKeyspace.of("soak");
    LongAdder calls = new LongAdder();
    LongAdder failures = new LongAdder();
    List<Sample> samples = new ArrayList<>();
    List<Double> faultSeconds = new ArrayList<>();
    Files.createDirectories(OUT);
    Files.deleteIfExists(OUT.resolve("soak.csv")); // an earlier run's
    try (RedisFixture store = RedisFixture.startLocal();
        RedisClient counter = store.newClient();
        TcpProxy proxy = TcpProxy.start(store.node().address());
        RedisClient client = RedisClient.builder().hostAndPort(proxy.address())
            .clientConfig(DefaultJedisClientConfig.builder().connectionTimeoutMillis(1000).socketTimeoutMillis(1000)
                .build()).build();
        RedisLockExecutor locks = RedisLockExecutor.create(JedisConnection.of(client), keyspace);
        IdempotentCalls idempotent = RedisIdempotentCalls.create(JedisConnection.of(client), keyspace)) {
      SingleFlight flights = RedisSingleFlight.create(JedisConnection.of(client), locks);
      RateLimiter limiter = RedisRateLimiter.create(JedisConnection.of(client), keyspace);
      long start = System.nanoTime();
      long end = start + time.toNanos();
      ExecutorService pool = Executors.newFixedThreadPool(THREADS);
      for (int i = 0; i < THREADS; i++) {
        pool.execute(() -> {
          while (System.nanoTime() < end) {
            try {
              call(locks, flights, limiter, idempotent);
              calls.increment();
            } catch (RuntimeException e) { // a fault's, mostly: counted, and the load goes on
              failures.increment();
              LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
            }
          }
        });
      }
      pool.shutdown();
      Random faults = new Random(Long.getLong("lockkey.soak.seed", 1));
      long nextFault = start + TimeUnit.SECONDS.toNanos(45 + faults.nextInt(30));
      long nextSample = start;
      while (System.nanoTime() < end) {
        long now = System.nanoTime();
        if (now >= nextFault) {
          faultSeconds.add((now - start) / 1e9);
          fault(faults.nextInt(3), proxy, store);
          nextFault = System.nanoTime() + TimeUnit.SECONDS.toNanos(45 + faults.nextInt(30));
        } else if (now >= nextSample) {
          Sample sample = sample((now - start) / 1e9, locks, counter, calls.sum(), failures.sum());
          samples.add(sample);
          Files.writeString(OUT.resolve("soak.csv"), sample.csv() + "\n", StandardCharsets.UTF_8,
              samples.size() == 1 ? StandardOpenOption.CREATE_NEW : StandardOpenOption.APPEND);
          nextSample += TimeUnit.SECONDS.toNanos(SAMPLE_SECONDS);
        } else {
          LockSupport.parkNanos(Math.min(nextFault, nextSample) - now);
        }
      }
      assertThat(pool.awaitTermination(1, TimeUnit.MINUTES)).as("load threads stopped").isTrue();
    }
    draw(samples, faultSeconds);
    Figures.record("soak", Map.of("minutes", time.toMinutes(), "calls", calls.sum(),
        "failures", failures.sum(), "faults", faultSeconds.size(), "samples", samples.size()));
    assertFlat(samples);
  }

  private static void call(RedisLockExecutor locks, SingleFlight flights, RateLimiter limiter,
      IdempotentCalls idempotent) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    StockAdjustmentKey key = StockAdjustmentKey.of("soak", random.nextInt(KEYS));
    int kind = random.nextInt(100);
    if (kind < 50) {
      try (Lease lease = locks.acquire(key, LOCK)) {
        LockSupport.parkNanos(random.nextLong(50_000, 500_000)); // the work
      }
    } else if (kind < 70) {
      flights.run(key, FLIGHT, lease -> "summary of " + key.canonical());
    } else if (kind < 85) {
      limiter.tryAcquire(key, LIMIT);
    } else {
      idempotent.run(key, FINGERPRINT, IDEMPOTENT, token -> "done " + token);
    }
  }

  /** A fault of {@code kind}: the proxy black-holed for 2 s, its connections reset, or the server asleep for 1 s. */
  private static void fault(int kind, TcpProxy proxy, RedisFixture store) throws Exception {
    switch (kind) {
      case 0 -> {
        proxy.blackHole();
        LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(2));
        proxy.heal();
      }
      case 1 -> proxy.resetConnections();
      default -> store.node().debugSleep(Duration.ofSeconds(1)).get(30, TimeUnit.SECONDS);
    }
  }

  private static Sample sample(double seconds, RedisLockExecutor locks, RedisClient counter, long calls,
      long failures) {
    System.gc(); // the heap's live set, not its garbage
    double heap = ManagementFactory.getMemoryPoolMXBeans().stream()
        .filter(pool -> pool.getType() == MemoryType.HEAP)
        .mapToLong(SoakTest::usedAfterCollection).sum() / (1024.0 * 1024.0);
    return new Sample(seconds, heap, ManagementFactory.getThreadMXBean().getThreadCount(),
        locks.stats().keysTracked(), counter.dbSize(), calls, failures);
  }

  private static long usedAfterCollection(MemoryPoolMXBean pool) {
    return pool.getCollectionUsage() != null ? pool.getCollectionUsage().getUsed() : pool.getUsage().getUsed();
  }

  private static void draw(List<Sample> samples, List<Double> faultSeconds) throws IOException {
    List<Double> seconds = samples.stream().map(Sample::seconds).toList();
    chart("soak-heap.png", "Heap after GC", "MiB", samples, seconds, faultSeconds, Sample::heapMiB);
    chart("soak-threads.png", "JVM threads", "count", samples, seconds, faultSeconds, Sample::threads);
    chart("soak-tracked-keys.png", "Executor's tracked keys", "count", samples, seconds, faultSeconds,
        Sample::trackedKeys);
    chart("soak-store-keys.png", "Keys in Redis", "count", samples, seconds, faultSeconds, Sample::storeKeys);
  }

  private static void chart(String file, String title, String unit, List<Sample> samples, List<Double> seconds,
      List<Double> faultSeconds, ToDoubleFunction<Sample> value) throws IOException {
    SoakChart.draw(OUT.resolve(file), title, unit, seconds,
        samples.stream().map(value::applyAsDouble).toList(), faultSeconds);
  }

  /**
   * After the warm-up (the first third): the last third's highest heap, threads and store keys
   * stay within a margin of the middle third's; tracked keys never exceed the load's threads.
   */
  private static void assertFlat(List<Sample> samples) {
    assertThat(samples).as("samples").hasSizeGreaterThanOrEqualTo(6);
    int third = samples.size() / 3;
    List<Sample> middle = samples.subList(third, 2 * third);
    List<Sample> last = samples.subList(2 * third, samples.size());
    assertThat(max(last, Sample::heapMiB)).as("heap after GC, last third (MiB)")
        .isLessThanOrEqualTo(max(middle, Sample::heapMiB) * 1.5 + 16);
    assertThat(max(last, Sample::threads)).as("threads, last third").isLessThanOrEqualTo(max(middle, Sample::threads) + 4);
    assertThat(max(samples, Sample::trackedKeys)).as("tracked keys").isLessThanOrEqualTo(THREADS);
    assertThat(max(last, Sample::storeKeys)).as("keys in Redis, last third")
        .isLessThanOrEqualTo(max(middle, Sample::storeKeys) * 1.2 + 100);
  }

  private static double max(List<Sample> samples, ToDoubleFunction<Sample> value) {
    return samples.stream().mapToDouble(value).max().orElse(0);
  }
}
