package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.RedisClusterFixture;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import redis.clients.jedis.UnifiedJedis;

/**
 * Replica acknowledgement with Jedis 6.0 on the class path: the script and WAIT share one
 * connection of the client's pool, taken without the API that differs between Jedis 6 and 8. The
 * shared servers have no replicas, so WAIT counts none and the lock is released again.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class Jedis6ReplicaAcknowledgementTest {
  private static final AtomicInteger ENVIRONMENTS = new AtomicInteger();

  static Stream<Arguments> servers() {
    Supplier<UnifiedJedis> single = () -> RedisFixture.shared().newUnifiedJedis();
    Supplier<UnifiedJedis> cluster = () -> RedisClusterFixture.shared().newUnifiedJedis();
    return Stream.of(Arguments.of("single server", single), Arguments.of("cluster", cluster));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("servers")
  void withoutReplicasTheLockIsRefusedAndLeftFree(String topology, Supplier<UnifiedJedis> newClient) {
    Keyspace keyspace = Keyspace.of("replicas" + ENVIRONMENTS.incrementAndGet());
    try (UnifiedJedis jedis = newClient.get(); RedisLockExecutor locks = RedisLockExecutor.create(JedisConnection.of(jedis), keyspace);
        RedisLockExecutor acknowledged = RedisLockExecutor.builder(JedisConnection.of(jedis), keyspace)
            .replicas(1, Duration.ofMillis(100)).build()) {
      TestKey key = TestKey.of("order", 1);
      assertThatThrownBy(() -> acknowledged.acquire(key)).isInstanceOf(ReplicationException.class);
      assertThat(jedis.exists(keyspace.fullKey("lock", key))).as("released again").isFalse();
      locks.acquire(key).release();
    }
  }
}
