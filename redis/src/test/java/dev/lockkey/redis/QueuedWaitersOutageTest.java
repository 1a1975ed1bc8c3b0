package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.RedisFixture;
import dev.lockkey.testing.RedisNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.RedisClient;

/**
 * Threads queued in one executor behind a thread that meets a Redis failure: they get the
 * failure ({@link RedisUnavailableException}) with it, not a {@link dev.lockkey.lock.LockTimeoutException}
 * after trying one after another. The first thread in line waits in Redis for another executor's
 * lock; the four behind it queue locally; then the server stops or freezes.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class QueuedWaitersOutageTest {
  private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(1);
  private static final int QUEUED = 4;
  /**
   * The queued threads' wait: the first thread's failure comes within a poll interval and one
   * client timeout; trying one after another (a timeout each, when the server is frozen) would take
   * longer than this.
   */
  // long enough that no loaded machine lets a queued thread run out of wait time first: what counts
  // is that it gets the failure its head met, not one of its own
  private static final LockOptions QUEUED_WAIT = LockOptions.builder().waitTime(Duration.ofSeconds(60)).build();

  private RedisFixture redis;
  private RedisClient jedis;
  private RedisLockExecutor locks;
  private RedisLockExecutor other;
  private ExecutorService pool;

  @BeforeEach
  void startOwnServer() {
    redis = RedisFixture.start();
    assumeTrue(redis.ownsServer(), "REDIS_URL is set: outage tests must stop a server they own");
    jedis = redis.newClient(CLIENT_TIMEOUT, CLIENT_TIMEOUT);
    locks = RedisLockExecutor.create(JedisConnection.of(jedis), Keyspace.of("queued"));
    other = RedisLockExecutor.create(JedisConnection.of(jedis), Keyspace.of("queued"));
    pool = Executors.newFixedThreadPool(QUEUED + 1);
  }

  @AfterEach
  void stopEverything() throws InterruptedException {
    if (pool != null) {
      pool.shutdownNow();
      assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
      locks.close();
      other.close();
      jedis.close();
    }
    redis.close();
  }

  @Test
  void threadsQueuedBehindOneThatMeetsAStoppedServerGetTheFailure() throws Exception {
    assertEveryoneInLineGetsTheFailure(TestKey.of("order", 1), RedisNode::stop);
  }

  @Test
  void threadsQueuedBehindOneThatMeetsAKilledServerGetTheFailure() throws Exception {
    assertEveryoneInLineGetsTheFailure(TestKey.of("order", 2), RedisNode::kill);
  }

  @Test
  void threadsQueuedBehindOneThatMeetsAFrozenServerGetTheFailure() throws Exception {
    assertEveryoneInLineGetsTheFailure(TestKey.of("order", 3), RedisNode::pause);
  }

  private void assertEveryoneInLineGetsTheFailure(TestKey key, Consumer<RedisNode> fault) throws Exception {
    Lease elsewhere = other.acquire(key);
    Future<Lease> first = pool.submit(() -> locks.acquire(key, LockOptions.builder()
        .waitTime(Duration.ofMinutes(5)).build()));
    RedisAwait.until("the first thread waits in Redis", Duration.ofSeconds(10),
        () -> locks.stats().keysTracked() == 1);
    List<Future<Lease>> queued = new ArrayList<>();
    for (int i = 0; i < QUEUED; i++) {
      queued.add(pool.submit(() -> locks.acquire(key, QUEUED_WAIT)));
    }
    RedisAwait.until("four threads queue behind it", Duration.ofSeconds(10),
        () -> locks.stats().threadsWaiting() == QUEUED);

    fault.accept(redis.node());
    Throwable headFailure = failureOf(first);
    assertThat(headFailure).isInstanceOf(RedisUnavailableException.class);
    for (Future<Lease> waiter : queued) {
      Throwable failure = failureOf(waiter);
      assertThat(failure).as("a thread queued behind it").isInstanceOf(RedisUnavailableException.class);
      assertThat(failure.getCause()).as("the failure its head met, not one it met trying itself")
          .isSameAs(headFailure.getCause());
    }
    assertThat(locks.stats().keysTracked()).isZero();
    assertThat(elsewhere.isLost()).isFalse();
  }

  private static Throwable failureOf(Future<Lease> call) throws InterruptedException {
    try {
      Lease unexpected = call.get(30, TimeUnit.SECONDS);
      throw new AssertionError("acquired during the outage: " + unexpected);
    } catch (ExecutionException e) {
      return e.getCause();
    } catch (TimeoutException e) {
      throw new AssertionError("no answer within 30 s", e);
    }
  }
}
