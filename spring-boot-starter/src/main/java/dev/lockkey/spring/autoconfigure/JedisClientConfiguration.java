package dev.lockkey.spring.autoconfigure;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import redis.clients.jedis.UnifiedJedis;

/**
 * The Jedis client from {@code spring.data.redis.*}, unless the application defines a
 * {@link UnifiedJedis} bean: then that one is used, and LockKey opens no pool of its own.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnMissingBean(UnifiedJedis.class)
class JedisClientConfiguration {

  @Bean
  UnifiedJedis lockKeyJedis(Environment environment, ObjectProvider<SslBundles> sslBundles) {
    RedisConnectionSettings settings =
        Binder.get(environment).bindOrCreate(RedisConnectionSettings.PREFIX, RedisConnectionSettings.class);
    return new JedisClientFactory(settings, sslBundles.getIfAvailable()).create();
  }
}
