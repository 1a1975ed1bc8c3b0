package dev.lockkey.spring.autoconfigure;

import dev.lockkey.KeySecret;
import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.flight.SingleFlight;
import dev.lockkey.idempotency.IdempotentCalls;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.observe.HotKeys;
import dev.lockkey.permit.Permits;
import dev.lockkey.ratelimit.RateLimitListener;
import dev.lockkey.ratelimit.RateLimiter;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.redis.dedupe.Deduplicator;
import dev.lockkey.redis.flight.RedisSingleFlight;
import dev.lockkey.redis.idempotency.RedisIdempotentCalls;
import dev.lockkey.redis.permit.RedisPermits;
import dev.lockkey.redis.ratelimit.RedisRateLimiter;
import dev.lockkey.redis.rwlock.RedisReadWriteLocks;
import dev.lockkey.rwlock.ReadWriteLocks;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * LockKey for a Spring Boot application: the key space of {@code lockkey.environment}, a
 * {@link RedisLockExecutor} with the {@code lockkey.lock.*} defaults, {@link SingleFlight},
 * {@link Deduplicator}, {@link RateLimiter}, and {@link IdempotentCalls}, {@link Permits} and
 * {@link ReadWriteLocks} on the executor's renewal threads and subscriber connection, on one {@link RedisConnection}
 * (the application's bean; else its Spring Data Lettuce connection factory's client, from
 * {@link LockKeySpringDataRedisAutoConfiguration}; else its {@code UnifiedJedis} bean; else a Jedis
 * client built from {@code spring.data.redis.*}), every
 * {@link LockListener} bean as listener (the {@link HotKeys} sampler; metrics from
 * {@link LockKeyMetricsAutoConfiguration}), and the {@link KeySecret} of {@code lockkey.secret} when it is set
 * (those three from {@link LockKeyCommonConfiguration}). Redis is the backend unless {@code lockkey.backend}
 * names another ({@code jdbc}: {@link LockKeyJdbcAutoConfiguration}; {@code dynamodb}:
 * {@link LockKeyDynamoDbAutoConfiguration}).
 * Each bean yields to one of the application's own of its type; the context closes the executor
 * (which stops the purposes created on it) and the client it built.
 */
@AutoConfiguration
@ConditionalOnClass(RedisLockExecutor.class)
@EnableConfigurationProperties(LockKeyProperties.class)
@ConditionalOnProperty(prefix = "lockkey", name = "backend", havingValue = "redis", matchIfMissing = true)
@Import({LockKeyCommonConfiguration.class, JedisClientConfiguration.class})
public class LockKeyAutoConfiguration {

  /**
   * The lock executor, told about every {@link LockListener} bean; closed with the context. Yields
   * to the application's own {@link RedisLockExecutor} bean.
   *
   * @param redis the connection LockKey runs on
   * @param keyspace the key space bean
   * @param properties the bound {@code lockkey.*} properties; {@code lockkey.lock.*} give the default options
   * @param listeners every {@link LockListener} bean, in order
   * @return the executor
   */
  @Bean
  @ConditionalOnMissingBean
  public RedisLockExecutor lockKeyExecutor(RedisConnection redis, Keyspace keyspace, LockKeyProperties properties,
      ObjectProvider<LockListener> listeners) {
    LockKeyProperties.Lock lock = properties.lock();
    return RedisLockExecutor.builder(redis, keyspace)
        .defaultOptions(LockOptions.builder()
            .leaseTime(lock.leaseTime())
            .waitTime(lock.waitTime())
            .renewal(lock.renewal())
            .build())
        .listener(LockListener.all(listeners.orderedStream().toArray(LockListener[]::new)))
        .build();
  }

  /**
   * Single flights whose leaders the executor elects, unless the application defines its own
   * {@link SingleFlight} bean.
   *
   * @param redis the connection LockKey runs on; it stores the results
   * @param executor the lock executor bean, which elects the leaders
   * @return the single flights
   */
  @Bean
  @ConditionalOnMissingBean
  public SingleFlight lockKeySingleFlight(RedisConnection redis, RedisLockExecutor executor) {
    return RedisSingleFlight.create(redis, executor);
  }

  /**
   * The deduplicator of the key space, unless the application defines its own {@link Deduplicator}
   * bean.
   *
   * @param redis the connection LockKey runs on
   * @param keyspace the key space bean
   * @return the deduplicator
   */
  @Bean
  @ConditionalOnMissingBean
  public Deduplicator lockKeyDeduplicator(RedisConnection redis, Keyspace keyspace) {
    return Deduplicator.create(redis, keyspace);
  }

  /**
   * The rate limiter of the key space, telling every {@link RateLimitListener} bean of its denials
   * (the metrics listener is one), unless the application defines its own {@link RateLimiter} bean.
   *
   * @param redis the connection LockKey runs on
   * @param keyspace the key space bean
   * @param listeners every {@link RateLimitListener} bean, in order
   * @return the rate limiter
   */
  @Bean
  @ConditionalOnMissingBean
  public RateLimiter lockKeyRateLimiter(RedisConnection redis, Keyspace keyspace,
      ObjectProvider<RateLimitListener> listeners) {
    List<RateLimitListener> all = listeners.orderedStream().toList();
    return RedisRateLimiter.create(redis, keyspace, key -> all.forEach(listener -> tell(listener, key)));
  }

  /** Tells one listener of a denial; one that throws must not keep the next from hearing. */
  private static void tell(RateLimitListener listener, LockKey key) {
    try {
      listener.onRateLimited(key);
    } catch (RuntimeException ignored) {
      // observing must never break limiting
    }
  }

  /**
   * Idempotent calls created on the executor, unless the application defines its own
   * {@link IdempotentCalls} bean: in its key space, telling its listener, their records renewed on
   * its renewal threads and their waits on its subscriber connection. Closing the executor stops them.
   *
   * @param executor the lock executor bean, whose machinery they share
   * @return the idempotent calls
   */
  @Bean
  @ConditionalOnMissingBean
  public IdempotentCalls lockKeyIdempotentCalls(RedisLockExecutor executor) {
    return RedisIdempotentCalls.create(executor);
  }

  /**
   * Permits created on the executor, for {@code @Permitted} methods, unless the application defines
   * its own {@link Permits} bean: in its key space, telling its listener, on its renewal threads and
   * its subscriber connection. Closing the executor stops them.
   *
   * @param executor the lock executor bean, whose machinery they share
   * @return the permits
   */
  @Bean
  @ConditionalOnMissingBean
  public Permits lockKeyPermits(RedisLockExecutor executor) {
    return RedisPermits.create(executor);
  }

  /**
   * Read/write locks created on the executor, for {@code @ReadLocked} and {@code @WriteLocked}
   * methods, unless the application defines its own {@link ReadWriteLocks} bean: in its key space,
   * telling its listener, on its renewal threads and its subscriber connection. Closing the executor
   * stops them.
   *
   * @param executor the lock executor bean, whose machinery they share
   * @return the read/write locks
   */
  @Bean
  @ConditionalOnMissingBean
  public ReadWriteLocks lockKeyReadWriteLocks(RedisLockExecutor executor) {
    return RedisReadWriteLocks.create(executor);
  }
}
