package dev.lockkey.spring.actuate;

import dev.lockkey.observe.HotKeys;
import dev.lockkey.observe.KeyDecoder;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.spring.autoconfigure.LockKeyAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * LockKey in Spring Boot Actuator, when it is on the class path: the {@code lockkey} health
 * indicator ({@link LockKeyHealth}, as Boot 3's or Boot 4's health API, whichever is there) and
 * the {@code lockkey} endpoint ({@link LockKeyEndpoint}).
 */
@AutoConfiguration(after = LockKeyAutoConfiguration.class)
@ConditionalOnClass(name = {
    "org.springframework.boot.actuate.endpoint.annotation.Endpoint",
    "org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint"})
@ConditionalOnBean(RedisLockExecutor.class)
public class LockKeyActuatorAutoConfiguration {
  /** The bean name, and so the name in the health report: {@code lockkey}. */
  static final String HEALTH_INDICATOR = "lockkeyHealthIndicator";

  /**
   * The health check behind both Boot lines' indicators, unless the application defines its own
   * {@link LockKeyHealth} bean.
   *
   * @param redis the connection that the executor uses, pinged and asked for its eviction
   *     policy
   * @param executor the lock executor bean, whose key space and subscriber the check reports
   * @return the health check
   */
  @Bean
  @ConditionalOnMissingBean
  public LockKeyHealth lockKeyHealth(RedisConnection redis, RedisLockExecutor executor) {
    return new LockKeyHealth(redis, executor);
  }

  /**
   * The {@code lockkey} endpoint, decoding with the specs of the application's class path. Only
   * when the endpoint is available (enabled and exposed); yields to the application's own
   * {@link LockKeyEndpoint} bean.
   *
   * @param executor the lock executor bean, whose key space and state the endpoint reports
   * @param hotKeys the hot-key sampler bean, whose hottest keys the endpoint lists
   * @return the endpoint
   */
  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnAvailableEndpoint
  public LockKeyEndpoint lockKeyEndpoint(RedisLockExecutor executor, HotKeys hotKeys) {
    return new LockKeyEndpoint(executor, KeyDecoder.fromClasspath(), hotKeys);
  }

  /**
   * Boot 3.5's health API ({@code org.springframework.boot.actuate.health}); the indicator is
   * {@code lockkey} in the health report, off with {@code management.health.lockkey.enabled=false}.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "org.springframework.boot.actuate.health.HealthIndicator")
  @org.springframework.boot.actuate.autoconfigure.health.ConditionalOnEnabledHealthIndicator("lockkey")
  static class Boot3Health {
    @Bean
    @ConditionalOnMissingBean(name = HEALTH_INDICATOR)
    dev.lockkey.spring.actuate.boot3.LockKeyHealthIndicator lockkeyHealthIndicator(LockKeyHealth health) {
      return new dev.lockkey.spring.actuate.boot3.LockKeyHealthIndicator(health);
    }
  }

  /** Boot 4's health API ({@code org.springframework.boot.health.contributor}); otherwise as {@link Boot3Health}. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
  @org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator("lockkey")
  static class Boot4Health {
    @Bean
    @ConditionalOnMissingBean(name = HEALTH_INDICATOR)
    dev.lockkey.spring.actuate.boot4.LockKeyHealthIndicator lockkeyHealthIndicator(LockKeyHealth health) {
      return new dev.lockkey.spring.actuate.boot4.LockKeyHealthIndicator(health);
    }
  }
}
