package dev.lockkey.spring.autoconfigure;

import dev.lockkey.observe.MicrometerLockListener;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Lock metrics ({@code lockkey.acquisitions}, {@code lockkey.wait}, ...) when the application has a
 * {@link MeterRegistry}: a {@link MicrometerLockListener}, which the executor hears like every
 * {@code LockListener} bean. After Boot's own registry (Boot 3.5 and Boot 4 keep it in different
 * packages), so that the condition sees it.
 */
@AutoConfiguration(afterName = {
    "org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration",
    "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration"})
@ConditionalOnClass({MeterRegistry.class, MicrometerLockListener.class})
@ConditionalOnBean(MeterRegistry.class)
public class LockKeyMetricsAutoConfiguration {

  /**
   * The listener recording every lock, flight and rate decision in the registry, unless the
   * application defines its own {@link MicrometerLockListener} bean.
   *
   * @param registry the application's meter registry
   * @return the listener, which the executor hears like every {@code LockListener} bean
   */
  @Bean
  @ConditionalOnMissingBean
  public MicrometerLockListener lockKeyMetrics(MeterRegistry registry) {
    return MicrometerLockListener.of(registry);
  }
}
