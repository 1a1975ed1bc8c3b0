package dev.lockkey.spring.autoconfigure;

import dev.lockkey.KeySecret;
import dev.lockkey.Keyspace;
import dev.lockkey.lock.LockListener;
import dev.lockkey.observe.HotKeys;
import java.util.Base64;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The beans every backend's auto-configuration shares, whichever store holds the locks: the key
 * space of {@code lockkey.environment}, the {@link HotKeys} sampler (a {@link LockListener} bean)
 * and the {@link KeySecret} of {@code lockkey.secret}. Imported by {@link LockKeyAutoConfiguration}
 * (Redis), {@link LockKeyJdbcAutoConfiguration} and {@link LockKeyDynamoDbAutoConfiguration}; only one
 * of them is active ({@code lockkey.backend}).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(LockKeyProperties.class)
class LockKeyCommonConfiguration {

  /**
   * The key space of {@code lockkey.environment}, unless the application defines its own
   * {@link Keyspace} bean.
   *
   * @param properties the bound {@code lockkey.*} properties
   * @return the key space every LockKey bean builds its keys in
   * @throws LockKeyEnvironmentException when it is not set or no key word
   */
  @Bean
  @ConditionalOnMissingBean
  public Keyspace lockKeyKeyspace(LockKeyProperties properties) {
    String environment = properties.environment();
    if (environment == null || environment.isBlank()) {
      throw LockKeyEnvironmentException.missing();
    }
    try {
      return Keyspace.of(environment.strip());
    } catch (IllegalArgumentException e) {
      throw LockKeyEnvironmentException.invalid(environment, e);
    }
  }

  /**
   * The sampler of contended keys that the {@code lockkey} endpoint reports, unless the application
   * defines its own {@link HotKeys} bean. As a {@link LockListener} bean, the executor tells it of
   * every lock.
   *
   * @param properties the bound {@code lockkey.*} properties; {@code lockkey.hot-keys.capacity} sizes the sampler
   * @return the sampler
   */
  @Bean
  @ConditionalOnMissingBean
  public HotKeys lockKeyHotKeys(LockKeyProperties properties) {
    return HotKeys.create(properties.hotKeys().capacity());
  }

  /**
   * The HMAC secret for {@code @Secret} fields, from {@code lockkey.secret} (base64). Only when it
   * is set: an application without {@code @Secret} fields needs none. Yields to the application's
   * own {@link KeySecret} bean.
   *
   * @param properties the bound {@code lockkey.*} properties
   * @return the secret
   * @throws IllegalStateException when the value is no base64 or too short for {@link KeySecret#of}
   */
  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnProperty(prefix = "lockkey", name = "secret")
  public KeySecret lockKeySecret(LockKeyProperties properties) {
    byte[] secret;
    try {
      secret = Base64.getDecoder().decode(properties.secret().strip());
    } catch (IllegalArgumentException e) {
      // the message never quotes the value: it is a secret
      throw new IllegalStateException("lockkey.secret is no base64; generate one with: openssl rand -base64 32");
    }
    try {
      return KeySecret.of(secret);
    } catch (IllegalArgumentException tooShort) {
      throw new IllegalStateException("lockkey.secret: " + tooShort.getMessage(), tooShort);
    }
  }
}
