package dev.lockkey.benchmarks.lock;

import dev.lockkey.benchmarks.redis.RedisEndpoint;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.integration.redis.util.RedisLockRegistry;

/**
 * Spring Integration's {@code RedisLockRegistry} over Spring Data Redis with Lettuce (Spring's
 * default client), registry defaults otherwise. Note: the registry guards each key with a local
 * {@code ReentrantLock} first, so threads of one JVM queue in memory and only one of them at a
 * time talks to Redis.
 */
public final class SpringIntegrationContender implements BlockingLockContender {
  private final LettuceConnectionFactory connections;
  private final RedisLockRegistry registry;

  /** Connects to {@code redis}. */
  public SpringIntegrationContender(RedisEndpoint redis) {
    this.connections =
        new LettuceConnectionFactory(new RedisStandaloneConfiguration(redis.host(), redis.port()));
    connections.afterPropertiesSet();
    connections.start();
    this.registry = new RedisLockRegistry(connections, "spring", LEASE);
  }

  @Override
  public HeldLock tryAcquire(String key) {
    Lock lock = registry.obtain(key);
    return lock.tryLock() ? lock::unlock : null;
  }

  @Override
  public HeldLock acquire(String key, Duration maxWait) throws InterruptedException {
    Lock lock = registry.obtain(key);
    return lock.tryLock(maxWait.toMillis(), TimeUnit.MILLISECONDS) ? lock::unlock : null;
  }

  @Override
  public void close() {
    registry.destroy();
    connections.destroy();
  }
}
