package dev.lockkey.spring.autoconfigure;

import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.LettuceConnection;
import dev.lockkey.redis.connection.RedisConnection;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.RedisClient;
import io.lettuce.core.cluster.RedisClusterClient;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * LockKey on the application's own Spring Data Redis connection: when Spring Data Redis and
 * Lettuce are on the class path and the application has a {@link LettuceConnectionFactory} (Spring
 * Boot's default, configured by {@code spring.data.redis.*}, a service connection's
 * {@code RedisConnectionDetails}, SSL bundles, Sentinel or cluster), LockKey runs on that factory's
 * Lettuce client through {@link LettuceConnection}, and opens no client or pool of its own. Without
 * it (or on a Jedis connection factory) {@link LockKeyAutoConfiguration} keeps its own Jedis client.
 * Either way one INFO line at start-up says which connection LockKey chose. Only on the Redis
 * backend ({@code lockkey.backend} unset or {@code redis}).
 */
@AutoConfiguration(before = LockKeyAutoConfiguration.class, afterName = {
    "org.springframework.boot.autoconfigure.data.redis.RedisAutoConfiguration", // Boot 3
    "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration"}) // Boot 4
@ConditionalOnClass({LettuceConnectionFactory.class, AbstractRedisClient.class, RedisLockExecutor.class})
@ConditionalOnBean(LettuceConnectionFactory.class)
@ConditionalOnProperty(prefix = "lockkey", name = "backend", havingValue = "redis", matchIfMissing = true)
public class LockKeySpringDataRedisAutoConfiguration {

  /**
   * The connection port on the application's Lettuce client, unless the application defines its
   * own {@link RedisConnection} bean. The context closes the port (its connections), not the
   * client, which stays the factory's.
   *
   * @param factory the application's Lettuce connection factory
   * @return the port every LockKey bean runs on
   */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean(RedisConnection.class)
  public LettuceConnection lockKeyRedisConnection(LettuceConnectionFactory factory) {
    AbstractRedisClient client = factory.getRequiredNativeClient();
    LettuceConnection connection = client instanceof RedisClusterClient cluster
        ? LettuceConnection.of(cluster)
        : LettuceConnection.of((RedisClient) client);
    ChosenConnection.log("the application's Spring Data Redis connection factory (Lettuce "
        + client.getClass().getSimpleName() + ")");
    return connection;
  }
}
