package dev.lockkey.processor.guards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.guard.GuardInvoker;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.RedisFixture;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

/**
 * Runs of {@link Reports}' jobs through the generated guards on a real redis-server, as two
 * instances (two executors) make them, and what the store holds afterwards: a job that finished
 * early keeps the lock until holdAtLeast after its acquisition (its expiry shortened from the 10 s
 * lease), the other instance skips it meanwhile without an exception, and runs again once the store
 * let it go; a job without holdAtLeast, or one that threw, releases.
 */
class ScheduledJobCallsTest {
  private final Reports reports = new Reports();
  private final Interception interception = new Interception(reports);
  private UnifiedJedis jedis;
  private RedisLockExecutor first;
  private RedisLockExecutor second;
  private String lockKey;

  @BeforeEach
  void connect() {
    jedis = RedisFixture.shared().newClient();
    Keyspace keyspace = Keyspace.of("jobs-" + UUID.randomUUID().toString().substring(0, 8));
    first = RedisLockExecutor.create(JedisConnection.of(jedis), keyspace);
    second = RedisLockExecutor.create(JedisConnection.of(jedis), keyspace);
    lockKey = keyspace.fullKey("lock", ReportRunKey.of());
  }

  @AfterEach
  void close() {
    first.close();
    second.close();
    jedis.close();
  }

  @Test
  void aJobThatFinishedEarlyHoldsItsLockUntilHoldAtLeastAndTheOtherInstanceSkips() throws Exception {
    assertThat(call(first, "nightly")).isNull();
    assertThat(reports.runs).hasSize(1);
    long pttl = jedis.pttl(lockKey);
    assertThat(pttl).as("ms the store keeps the lock after the run").isPositive().isLessThanOrEqualTo(2_000);

    assertThat(call(second, "nightly")).as("a skipped run").isNull();
    assertThat(reports.runs).as("runs while the lock is held").hasSize(1);

    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (jedis.exists(lockKey)) {
      assertThat(System.nanoTime()).as("the hold ends").isLessThan(deadline);
      Thread.sleep(20);
    }
    call(second, "nightly");
    assertThat(reports.runs).hasSize(2);
    assertThat(reports.runs.get(1)).as("fencing tokens").isGreaterThan(reports.runs.get(0));
  }

  @Test
  void aJobWithoutHoldAtLeastReleasesOnReturn() throws Exception {
    call(first, "released");

    assertThat(jedis.exists(lockKey)).isFalse();
    call(second, "released");
    assertThat(reports.runs).hasSize(2);
  }

  @Test
  void aJobsExceptionPassesUnchangedAndItsLockIsHeldAtLeastAsLongAsAfterASuccess() throws Exception {
    assertThatThrownBy(() -> call(first, "failing")).isInstanceOf(IllegalStateException.class)
        .hasMessage("the report failed");

    assertThat(jedis.pttl(lockKey)).isPositive().isLessThanOrEqualTo(2_000);
    assertThat(call(second, "nightly")).isNull();
    assertThat(reports.runs).as("the failed run only").containsExactly(-1L);
  }

  private Object call(RedisLockExecutor executor, String method) throws Exception {
    return interception.call(GuardInvoker.builder(executor).build(), method, new Object[methodArity(method)]);
  }

  private static int methodArity(String method) {
    return method.equals("failing") ? 0 : 1;
  }
}
