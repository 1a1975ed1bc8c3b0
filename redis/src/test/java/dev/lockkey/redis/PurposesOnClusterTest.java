package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.Keyspace;
import dev.lockkey.codec.ResultCodec;
import dev.lockkey.flight.FlightOptions;
import dev.lockkey.flight.SingleFlight;
import dev.lockkey.lock.Concurrently;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.ratelimit.RateLimit;
import dev.lockkey.ratelimit.RateLimiter;
import dev.lockkey.redis.dedupe.DedupeMark;
import dev.lockkey.redis.dedupe.Deduplicator;
import dev.lockkey.redis.flight.RedisSingleFlight;
import dev.lockkey.redis.ratelimit.RedisRateLimiter;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Every purpose on a real three-master Redis Cluster: its scripts run without CROSSSLOT on any node. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PurposesOnClusterTest {
  private static final Keyspace KEYSPACE = Servers.KEYSPACE;

  private final Servers servers = Servers.onCluster(2);

  @AfterEach
  void stopServers() {
    servers.close();
  }

  /** Keys whose slots spread over all three masters. */
  private static List<SampleKey> keysOnEveryMaster() {
    List<SampleKey> keys = IntStream.range(0, 12).mapToObj(i -> SampleKey.unique()).toList();
    Set<Integer> masters = keys.stream().map(Servers::clusterMaster).collect(Collectors.toSet());
    return masters.size() == 3 ? keys : keysOnEveryMaster();
  }

  @Test
  void dedupeIsExactAcrossTwoServersOnEveryMaster() throws Exception {
    List<Deduplicator> dedupes = servers.each((client, executor) -> Deduplicator.create(client, KEYSPACE));
    for (SampleKey key : keysOnEveryMaster()) {
      List<DedupeMark> marks = Concurrently.run(8, i -> () -> dedupes.get(i % 2).mark(key, Duration.ofMinutes(5)));
      List<DedupeMark> first = marks.stream().filter(DedupeMark::first).toList();
      assertThat(first).hasSize(1);
      assertThat(first.get(0).forget()).isTrue();
      assertThat(dedupes.get(1).firstSeen(key, Duration.ofMinutes(5))).isTrue();
    }
  }

  @Test
  void bothRateLimitsAdmitExactlyTheirCapacityOnEveryMaster() throws Exception {
    List<RateLimiter> limiters = servers.each((client, executor) -> RedisRateLimiter.create(client, KEYSPACE));
    RateLimit fixed = RateLimit.perWindow(4, Duration.ofHours(1));
    RateLimit smooth = RateLimit.smooth(1, Duration.ofHours(1), 3);
    for (SampleKey key : keysOnEveryMaster()) {
      List<Boolean> fixedAllowed = Concurrently.run(8, i -> () -> limiters.get(i % 2).tryAcquire(key, fixed).allowed());
      List<Boolean> smoothAllowed = Concurrently.run(8, i -> () -> limiters.get(i % 2).tryAcquire(key, smooth).allowed());
      assertThat(fixedAllowed).filteredOn(Boolean::booleanValue).hasSize(4);
      assertThat(smoothAllowed).filteredOn(Boolean::booleanValue).hasSize(3);
    }
  }

  @Test
  void singleFlightComputesOnceOnEveryMaster() throws Exception {
    List<SingleFlight> flights = servers.each(RedisSingleFlight::create);
    FlightOptions<String> options = FlightOptions.builder(ResultCodec.utf8()).build();
    for (SampleKey key : keysOnEveryMaster().subList(0, 6)) {
      AtomicInteger computations = new AtomicInteger();
      List<String> answers = Concurrently.run(8, i -> () -> flights.get(i % 2).run(key, options, lease -> {
        Thread.sleep(50);
        return "result " + computations.incrementAndGet();
      }));
      assertThat(answers).containsOnly("result 1");
      assertThat(computations).hasValue(1);
    }
  }
}
