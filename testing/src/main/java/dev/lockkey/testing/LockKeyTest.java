package dev.lockkey.testing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A JUnit 5 test of code that takes locks: registers {@link LockKeyExtension}, which injects a
 * {@link TestRedis}, a {@link TestCluster} or a {@link RedisReplicationFixture} into test,
 * lifecycle and constructor parameters, gives every test a key space of its own, and fails a test
 * that leaves a lock behind in it.
 *
 * <pre>{@code
 * @LockKeyTest
 * class PaymentServiceTest {
 *   @Test
 *   void capturesOnce(TestRedis redis) {
 *     try (RedisLockExecutor locks = RedisLockExecutor.create(redis.newClient(), Keyspace.of(redis.env()))) {
 *       ...
 *     }
 *   }
 * }
 * }</pre>
 *
 * <p>On a test method it overrides the class's settings for that test.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(LockKeyExtension.class)
public @interface LockKeyTest {
  /**
   * How much of Redis each test has to itself.
   *
   * @return {@link Isolation#KEYSPACE} (the default) or {@link Isolation#SERVER} for faults on servers
   */
  Isolation isolation() default Isolation.KEYSPACE;

  /**
   * The lock purposes whose keys must be gone when a test ends, e.g. {@code {"lock", "flight"}}:
   * after each test the extension scans its key space for {@code <purpose>:<env>:*} and fails the
   * test with the keys it finds (shown redacted). Fencing state, dedupe marks, rate counters and
   * shared results outlive a lock by design and are not checked.
   *
   * @return the purposes checked; empty turns the check off
   */
  String[] leftoverLocks() default {"lock"};

  /**
   * The {@code redis-server} binary the test's single Redis runs, e.g. {@code /usr/bin/redis-server}
   * for Redis 7 beside the embedded 6.2: a server of the test's own with {@link Isolation#SERVER},
   * else one shared per binary in this JVM. Ignored when {@code REDIS_URL} names a server.
   *
   * @return the binary's path; empty (the default) for {@link RedisBinary#configured()}
   */
  String redisServer() default "";
}
