package dev.lockkey.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.lockkey.Keyspace;
import dev.lockkey.examples.specs.PaymentCaptureKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.LockKeyTest;
import dev.lockkey.testing.TestRedis;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/**
 * The test kit finds a lease the code under test forgot to release, under the name the executor
 * really gives its lock, and fails that test naming the key without its field values. The leaking
 * test is a nested class that this test runs in an engine of its own.
 */
@Timeout(60)
class LeftoverLockTest {
  private static final AtomicReference<String> LEAKED = new AtomicReference<>();

  @Test
  void aLeaseLeftOpenFailsItsTestNamingTheLocksSpecButNotItsValues() {
    Events tests = EngineTestKit.engine("junit-jupiter").selectors(selectClass(ForgetsToRelease.class)).execute()
        .testEvents();

    tests.assertStatistics(stats -> stats.failed(1));
    Throwable failure = tests.failed().stream()
        .map(event -> event.getPayload(TestExecutionResult.class).orElseThrow().getThrowable().orElseThrow())
        .findFirst().orElseThrow();
    String leaked = LEAKED.get();
    assertThat(leaked).startsWith("lock:").endsWith(":{payment:capture:v1:t42:98765}");
    assertThat(failure).isInstanceOf(AssertionError.class)
        .hasMessageContaining(leaked.substring(0, leaked.indexOf('{')) + "{payment:capture:v1:...} #")
        .hasMessageNotContaining("t42")
        .hasMessageNotContaining("98765");
  }

  @LockKeyTest
  static class ForgetsToRelease {
    @Test
    void takesALockAndKeepsIt(TestRedis redis) {
      try (RedisLockExecutor locks = RedisLockExecutor.create(JedisConnection.of(redis.newClient()), Keyspace.of(redis.env()))) {
        Lease lease = locks.acquire(PaymentCaptureKey.of("t42", 98765),
            LockOptions.builder().leaseTime(Duration.ofMinutes(1)).build());
        LEAKED.set(lease.fullKey());
      }
    }
  }
}
