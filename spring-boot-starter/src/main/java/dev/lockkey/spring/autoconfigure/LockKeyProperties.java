package dev.lockkey.spring.autoconfigure;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The {@code lockkey.*} properties.
 *
 * <p>Each parameter's description is what IDEs show for the property (written by
 * spring-boot-configuration-processor), so it is plain text.
 *
 * @param environment Environment word of every Redis key (lock:ENVIRONMENT:{...}), e.g. prod. Required:
 *     staging and production sharing a Redis never share a lock.
 * @param secret HMAC secret for @Secret fields, base64 of at least 16 bytes (32 random ones recommended);
 *     it becomes the KeySecret bean. Needed only when a spec has a @Secret field.
 * @param lock Defaults of locks taken without options.
 * @param hotKeys Hot-key sampler behind the lockkey Actuator endpoint.
 */
@ConfigurationProperties("lockkey")
public record LockKeyProperties(
    String environment, String secret, @DefaultValue Lock lock, @DefaultValue HotKeys hotKeys) {

  /**
   * The defaults of locks taken without options ({@code lockkey.lock.*}).
   *
   * @param leaseTime How long Redis keeps a lock whose holder neither releases nor extends it.
   * @param waitTime How long acquire and withLock wait for a held lock.
   * @param renewal Whether a watchdog extends the lease every third of the lease time while it is held.
   */
  public record Lock(
      @DefaultValue("30s") Duration leaseTime,
      @DefaultValue("10s") Duration waitTime,
      @DefaultValue("false") boolean renewal) {}

  /**
   * The hot-key sampler ({@code lockkey.hot-keys.*}).
   *
   * @param capacity How many keys the sampler watches (1 to 10000). Ten times the number reported keeps
   *     their counts close.
   */
  public record HotKeys(@DefaultValue("1000") int capacity) {}
}
