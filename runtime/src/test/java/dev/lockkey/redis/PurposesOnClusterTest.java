package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.Keyspace;
import dev.lockkey.testing.RedisClusterFixture;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.util.JedisClusterCRC16;

/** Every purpose on a real three-master Redis Cluster: its scripts run without CROSSSLOT on any node. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PurposesOnClusterTest {
  private static final Keyspace KEYSPACE = Keyspace.of("test");

  private static RedisClusterClient serverA;
  private static RedisClusterClient serverB;

  @BeforeAll
  static void connect() {
    serverA = RedisClusterFixture.shared().newClient();
    serverB = RedisClusterFixture.shared().newClient();
  }

  @AfterAll
  static void disconnect() {
    serverA.close();
    serverB.close();
  }

  /** Which of the fixture's three masters serves the key's slot: they split the slots evenly, in order. */
  private static int master(SampleKey key) {
    return JedisClusterCRC16.getSlot(KEYSPACE.fullKey("lock", key)) * 3 / 16384;
  }

  /** Keys whose slots spread over all three masters. */
  private static List<SampleKey> keysOnEveryMaster() {
    List<SampleKey> keys = IntStream.range(0, 12).mapToObj(i -> SampleKey.unique()).toList();
    Set<Integer> masters = keys.stream().map(PurposesOnClusterTest::master).collect(Collectors.toSet());
    return masters.size() == 3 ? keys : keysOnEveryMaster();
  }

  @Test
  void dedupeIsExactAcrossTwoServersOnEveryMaster() throws Exception {
    List<Deduplicator> servers = List.of(Deduplicator.create(serverA, KEYSPACE), Deduplicator.create(serverB, KEYSPACE));
    for (SampleKey key : keysOnEveryMaster()) {
      List<DedupeMark> marks = Concurrently.run(8, i -> () -> servers.get(i % 2).mark(key, Duration.ofMinutes(5)));
      List<DedupeMark> first = marks.stream().filter(DedupeMark::first).toList();
      assertThat(first).hasSize(1);
      assertThat(first.get(0).forget()).isTrue();
      assertThat(servers.get(1).firstSeen(key, Duration.ofMinutes(5))).isTrue();
    }
  }

  @Test
  void bothRateLimitsAdmitExactlyTheirCapacityOnEveryMaster() throws Exception {
    List<RateLimiter> servers = List.of(RateLimiter.create(serverA, KEYSPACE), RateLimiter.create(serverB, KEYSPACE));
    RateLimit fixed = RateLimit.perWindow(4, Duration.ofHours(1));
    RateLimit smooth = RateLimit.smooth(1, Duration.ofHours(1), 3);
    for (SampleKey key : keysOnEveryMaster()) {
      List<Boolean> fixedAllowed = Concurrently.run(8, i -> () -> servers.get(i % 2).tryAcquire(key, fixed).allowed());
      List<Boolean> smoothAllowed = Concurrently.run(8, i -> () -> servers.get(i % 2).tryAcquire(key, smooth).allowed());
      assertThat(fixedAllowed).filteredOn(Boolean::booleanValue).hasSize(4);
      assertThat(smoothAllowed).filteredOn(Boolean::booleanValue).hasSize(3);
    }
  }

  @Test
  void singleFlightComputesOnceOnEveryMaster() throws Exception {
    try (RedisLockExecutor lockA = RedisLockExecutor.create(serverA, KEYSPACE);
        RedisLockExecutor lockB = RedisLockExecutor.create(serverB, KEYSPACE)) {
      List<SingleFlight> servers = List.of(SingleFlight.create(serverA, lockA), SingleFlight.create(serverB, lockB));
      FlightOptions<String> options = FlightOptions.builder(ResultCodec.utf8()).build();
      for (SampleKey key : keysOnEveryMaster().subList(0, 6)) {
        AtomicInteger computations = new AtomicInteger();
        List<String> answers = Concurrently.run(8, i -> () -> servers.get(i % 2).run(key, options, lease -> {
          Thread.sleep(50);
          return "result " + computations.incrementAndGet();
        }));
        assertThat(answers).containsOnly("result 1");
        assertThat(computations).hasValue(1);
      }
    }
  }

  @Test
  void aRolloutLocksBothVersionsAlsoWhenTheirKeysLiveOnDifferentMasters() throws Exception {
    try (RedisLockExecutor lockA = RedisLockExecutor.create(serverA, KEYSPACE);
        RedisLockExecutor lockB = RedisLockExecutor.create(serverB, KEYSPACE)) {
      String id = UUID.randomUUID().toString();
      while (master(SampleKey.item(1, id)) == master(SampleKey.item(2, id))) {
        id = UUID.randomUUID().toString();
      }
      SampleKey v1 = SampleKey.item(1, id);
      SampleKey v2 = SampleKey.item(2, id);
      LockOptions options = LockOptions.builder().waitTime(Duration.ofSeconds(20)).build();
      AtomicInteger inside = new AtomicInteger();
      AtomicInteger mostInside = new AtomicInteger();
      LockedWork<Integer, InterruptedException> critical = lease -> {
        mostInside.accumulateAndGet(inside.incrementAndGet(), Math::max);
        Thread.sleep(1);
        inside.decrementAndGet();
        return 1;
      };

      List<Integer> rounds = Concurrently.run(6, i -> () -> {
        RedisLockExecutor executor = i % 2 == 0 ? lockA : lockB;
        int done = 0;
        for (int round = 0; round < 15; round++) {
          done += i < 3 ? executor.withLock(v1, options, critical)
              : VersionRollout.lockingBoth(executor).withLock(v2, v1, options, critical);
        }
        return done;
      });

      assertThat(rounds).containsOnly(15);
      assertThat(mostInside).hasValue(1);
    }
  }
}
