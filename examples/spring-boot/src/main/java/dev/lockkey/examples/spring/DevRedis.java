package dev.lockkey.examples.spring;

import dev.lockkey.testing.RedisFixture;
import java.util.Map;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.core.env.MapPropertySource;

/**
 * With the {@code dev} profile: starts a local redis-server on a free port before the context
 * builds its Redis client, points {@code spring.data.redis.*} at it, and stops it with the context.
 * Registered in {@code META-INF/spring.factories}, so tests get it too.
 */
public class DevRedis implements ApplicationContextInitializer<ConfigurableApplicationContext> {

  @Override
  public void initialize(ConfigurableApplicationContext context) {
    if (!context.getEnvironment().matchesProfiles("dev")) {
      return;
    }
    RedisFixture redis = RedisFixture.startLocal();
    context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("devRedis",
        Map.of("spring.data.redis.host", redis.host(), "spring.data.redis.port", redis.port())));
    context.addApplicationListener(event -> {
      if (event instanceof ContextClosedEvent closed && closed.getApplicationContext() == context) {
        redis.close();
      }
    });
  }
}
