package dev.lockkey.spring.autoconfigure;

import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.connection.RedisConnection;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import redis.clients.jedis.UnifiedJedis;

/**
 * LockKey's connection port on Jedis, unless there is a {@link RedisConnection} bean already (the
 * application's, or {@link LockKeySpringDataRedisAutoConfiguration}'s on its Lettuce connection
 * factory): on the application's {@link UnifiedJedis} bean, else on a Jedis client of LockKey's own
 * from {@code spring.data.redis.*}. Only with Jedis on the class path (named as a string, so that this class
 * loads without it): an application on Spring Data Redis with Lettuce alone leaves Jedis out and gets
 * its connection from {@link LockKeySpringDataRedisAutoConfiguration}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "redis.clients.jedis.UnifiedJedis")
@ConditionalOnMissingBean(RedisConnection.class)
class JedisClientConfiguration {
  private static final String OWN_CLIENT = "lockKeyJedis";

  @Bean
  RedisConnection lockKeyRedisConnection(UnifiedJedis jedis, ListableBeanFactory beans) {
    ChosenConnection.log(beans.containsBeanDefinition(OWN_CLIENT)
        ? "a Jedis client of its own from spring.data.redis.*"
        : "the application's Jedis client (" + jedis.getClass().getSimpleName() + ")");
    return JedisConnection.of(jedis);
  }

  /** LockKey's own client, unless the application has one: a bean, so that the context closes it. */
  @Bean(OWN_CLIENT)
  @ConditionalOnMissingBean(UnifiedJedis.class)
  UnifiedJedis lockKeyJedis(Environment environment, ObjectProvider<SslBundles> sslBundles) {
    RedisConnectionSettings settings =
        Binder.get(environment).bindOrCreate(RedisConnectionSettings.PREFIX, RedisConnectionSettings.class);
    return new JedisClientFactory(settings, sslBundles.getIfAvailable()).create();
  }
}
