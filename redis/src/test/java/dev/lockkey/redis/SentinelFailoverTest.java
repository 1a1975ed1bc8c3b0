package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.redis.lettuce.LettuceClients;
import dev.lockkey.testing.RedisSentinelFixture;
import io.lettuce.core.RedisURI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.providers.SentineledConnectionProvider;

/**
 * A primary, a replica and three Sentinels; the primary is killed during a locking load, the
 * Sentinels promote the replica, and the work goes on through each client's Sentinel support
 * (Jedis' {@code SentineledConnectionProvider}, Lettuce's {@code redis-sentinel} URI). Prints
 * what the failover cost: how long no lock could be taken, and how many calls failed meanwhile.
 * Asserts only that work goes on, never how fast (the machine is noisy).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SentinelFailoverTest {
  private static final int THREADS = 4;
  private static final int AFTER_FAILOVER = 40;
  private static final Duration BOUND = Duration.ofSeconds(60);
  private static final Duration TIMEOUT = Duration.ofSeconds(1);
  private static final LockOptions OPTIONS =
      LockOptions.builder().leaseTime(Duration.ofSeconds(5)).waitTime(Duration.ofSeconds(2)).build();

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"jedis", "lettuce"})
  void lockingGoesOnAfterTheSentinelsPromoteTheReplica(String client) throws Exception {
    try (RedisSentinelFixture sentinel = RedisSentinelFixture.start(); Port port = Port.open(client, sentinel);
        RedisLockExecutor locks = RedisLockExecutor.builder(port.connection(), Keyspace.of("sentinel"))
            .defaultOptions(OPTIONS).build()) {
      ExecutorService pool = Executors.newFixedThreadPool(THREADS);
      AtomicBoolean stop = new AtomicBoolean();
      AtomicInteger acquired = new AtomicInteger();
      AtomicInteger failed = new AtomicInteger();
      AtomicLong killedAt = new AtomicLong();
      AtomicLong firstAfterKill = new AtomicLong();
      List<Future<?>> workers = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        TestKey key = TestKey.of("order", t % 2); // two threads per key: waiting and hand-over too
        workers.add(pool.submit(() -> {
          while (!stop.get()) {
            long started = System.nanoTime();
            try (Lease lease = locks.acquire(key)) {
              acquired.incrementAndGet();
              long killed = killedAt.get();
              if (killed != 0 && started - killed > 0) { // asked for after the kill
                firstAfterKill.compareAndSet(0, System.nanoTime());
              }
            } catch (LockException e) {
              failed.incrementAndGet();
              java.util.concurrent.locks.LockSupport.parkNanos(10_000_000); // Redis refuses at once while down: no busy loop
            }
          }
        }));
      }
      RedisAwait.until("work before the failover", BOUND, () -> acquired.get() >= 20);
      HostAndPort oldPrimary = sentinel.pair().primary().address();
      int failedBefore = failed.get();
      firstAfterKill.set(0);
      killedAt.set(System.nanoTime());
      sentinel.pair().primary().kill();

      RedisAwait.until("the Sentinels promoted the replica", BOUND, () -> !sentinel.currentPrimary().equals(oldPrimary));
      long promotedAt = System.nanoTime();
      int atPromotion = acquired.get();
      RedisAwait.until("work after the failover", BOUND, () -> acquired.get() >= atPromotion + AFTER_FAILOVER);
      stop.set(true);
      for (Future<?> worker : workers) {
        worker.get(30, TimeUnit.SECONDS);
      }
      pool.shutdown();

      assertThat(acquired.get()).isGreaterThanOrEqualTo(atPromotion + AFTER_FAILOVER);
      System.out.printf("sentinel failover (%s): promoted %d ms after the kill; the first lock asked for after the"
              + " kill was taken %d ms after it; %d calls failed meanwhile%n", client,
          TimeUnit.NANOSECONDS.toMillis(promotedAt - killedAt.get()),
          TimeUnit.NANOSECONDS.toMillis(firstAfterKill.get() - killedAt.get()), failed.get() - failedBefore);
    }
  }

  /** The executor's port on a client of the Sentinels' primary, and what closes it. */
  private record Port(RedisConnection connection, AutoCloseable closer) implements AutoCloseable {
    static Port open(String client, RedisSentinelFixture sentinel) {
      if (client.equals("jedis")) {
        JedisClientConfig config = DefaultJedisClientConfig.builder()
            .connectionTimeoutMillis((int) TIMEOUT.toMillis()).socketTimeoutMillis((int) TIMEOUT.toMillis()).build();
        UnifiedJedis jedis = new UnifiedJedis(new SentineledConnectionProvider(RedisSentinelFixture.MASTER, config,
            sentinel.sentinels(), DefaultJedisClientConfig.builder().build()), 1, TIMEOUT.multipliedBy(2));
        return new Port(JedisConnection.of(jedis), jedis::close);
      }
      Set<HostAndPort> sentinels = sentinel.sentinels();
      RedisURI.Builder uri = null;
      for (HostAndPort address : sentinels) {
        uri = uri == null
            ? RedisURI.Builder.sentinel(address.getHost(), address.getPort(), RedisSentinelFixture.MASTER)
            : uri.withSentinel(address.getHost(), address.getPort());
      }
      LettuceClients lettuce = LettuceClients.of(uri.withTimeout(TIMEOUT).build());
      return new Port(lettuce.connection(), lettuce::close);
    }

    @Override
    public void close() throws Exception {
      closer.close();
    }
  }
}
