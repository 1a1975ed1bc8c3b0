package dev.lockkey.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.RedisClient;

/**
 * A holder process stopped (SIGSTOP, as a long GC pause or a frozen VM would) past its lease: its
 * renewal watchdog is stopped with it, so the lock runs out and another holder takes it. Resumed
 * (SIGCONT), the paused holder's fenced write is rejected and its release reports the lease lost,
 * while the new holder's lock stays intact.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class PausedHolderTest {
  private static final Duration LEASE = Duration.ofSeconds(1);
  private static final Duration PATIENCE = Duration.ofSeconds(60);

  @Test
  void aHolderPausedPastItsLeaseLosesTheLockAndItsWriteIsRejected() throws Exception {
    assumeFalse(System.getProperty("os.name").startsWith("Windows"), "needs kill -STOP and -CONT");
    RedisFixture redis = RedisFixture.shared();
    Keyspace keyspace = UniqueKeyspace.of("paused");
    try (RedisClient jedis = redis.newClient();
        RedisLockExecutor locks = RedisLockExecutor.create(JedisConnection.of(jedis), keyspace);
        ChildJvm holder = ChildJvm.start(PausedHolder.class, Map.of(RedisFixture.REDIS_URL, redis.uri().toString()),
            keyspace.env(), Long.toString(LEASE.toMillis()))) {
      FencedStore store = new FencedStore(jedis, keyspace);
      long pausedToken = holder.awaitLine("HOLDING", PATIENCE).number("token");

      holder.signal("STOP");
      long stoppedAt = System.nanoTime();
      Lease successor = locks.acquire(PausedHolder.KEY, LockOptions.builder().waitTime(PATIENCE).build());
      long takeoverNanos = System.nanoTime() - stoppedAt;
      assertThat(successor.fencingToken()).isGreaterThan(pausedToken);
      assertThat(store.write(PausedHolder.KEY, successor.fencingToken(), "successor").accepted()).isTrue();

      holder.signal("CONT");
      holder.send("finish the work");
      ReportLine paused = holder.awaitLine("RESULT", PATIENCE);
      assertThat(holder.awaitExit(PATIENCE)).as(holder.output()).isZero();

      assertThat(paused.flag("accepted")).as("the paused holder's write").isFalse();
      assertThat(paused.number("previous")).isEqualTo(successor.fencingToken());
      assertThat(paused.flag("released")).as("the paused holder's release").isFalse();
      assertThat(paused.flag("lost")).isTrue();
      assertThat(jedis.get(keyspace.fullKey("lock", PausedHolder.KEY)))
          .as("the lock still holds the successor's owner token")
          .isEqualTo(successor.ownerToken());
      assertThat(store.lastToken(PausedHolder.KEY)).isEqualTo(successor.fencingToken());
      assertThat(successor.release()).isTrue();

      Map<String, Object> figures = new LinkedHashMap<>();
      figures.put("leaseMillis", LEASE.toMillis());
      figures.put("takeoverMillisAfterStop", TimeUnit.NANOSECONDS.toMillis(takeoverNanos));
      figures.put("pausedToken", pausedToken);
      figures.put("successorToken", successor.fencingToken());
      figures.put("pausedWriteAccepted", paused.flag("accepted"));
      figures.put("pausedReleased", paused.flag("released"));
      Figures.record("paused", figures);
    }
  }
}
