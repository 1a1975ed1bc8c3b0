package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.Keyspace;
import dev.lockkey.testing.RedisClusterFixture;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
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

  /** Keys whose slots spread over all three masters. */
  private static List<SampleKey> keysOnEveryMaster() {
    List<SampleKey> keys = IntStream.range(0, 12).mapToObj(i -> SampleKey.unique()).toList();
    Set<Integer> masters = keys.stream()
        .map(key -> JedisClusterCRC16.getSlot(KEYSPACE.fullKey("rate", key)) * 3 / 16384)
        .collect(Collectors.toSet());
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
}
