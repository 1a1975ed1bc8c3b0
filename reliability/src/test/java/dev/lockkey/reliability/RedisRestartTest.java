package dev.lockkey.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.RedisUnavailableException;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.reliability.LockingWorkers.Call;
import dev.lockkey.reliability.specs.StockAdjustmentKey;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BinaryOperator;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.RedisClient;

/**
 * The lock server is stopped mid-run and started again on the same port, empty (no persistence),
 * while worker threads keep locking: calls during the outage fail with
 * {@link RedisUnavailableException} within the client's timeouts, no thread hangs, the same
 * executor and client work again afterwards, and fencing tokens keep rising although the fencing
 * state was lost, so the guarded resource (on another server, as a real one would be) still
 * rejects a stale write.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class RedisRestartTest {
  private static final Duration CLIENT_TIMEOUT = Duration.ofMillis(500);
  /** What a failing call may take at most: a few timeouts (pool, connect, read), and room for a loaded machine. */
  private static final Duration FAILURE_BOUND = CLIENT_TIMEOUT.multipliedBy(3).plusSeconds(2);
  private static final Duration PATIENCE = Duration.ofSeconds(30);
  private static final Duration OUTAGE = Duration.ofSeconds(1);
  private static final LockOptions OPTIONS = LockOptions.builder()
      .leaseTime(Duration.ofSeconds(5))
      .waitTime(Duration.ofSeconds(2))
      .build();
  private static final List<StockAdjustmentKey> KEYS =
      IntStream.range(0, 5).mapToObj(sku -> StockAdjustmentKey.of("central", sku)).toList();
  private static final StockAdjustmentKey STALE = StockAdjustmentKey.of("central", 99);

  @Test
  void callsFailWithinTheTimeoutsDuringAnOutageAndWorkResumesOnTheSameExecutor() throws Exception {
    try (RedisFixture redis = RedisFixture.start()) {
      assumeTrue(redis.ownsServer(), "REDIS_URL is set: this test must stop and restart a server it owns");
      Keyspace keyspace = UniqueKeyspace.of("restart");
      try (RedisClient jedis = redis.newClient(CLIENT_TIMEOUT, CLIENT_TIMEOUT);
          RedisLockExecutor locks = RedisLockExecutor.create(JedisConnection.of(jedis), keyspace);
          RedisLockExecutor otherApplication = RedisLockExecutor.create(JedisConnection.of(jedis), keyspace);
          RedisClient resourceClient = RedisFixture.shared().newClient()) {
        FencedStore store = new FencedStore(resourceClient, keyspace);
        try (LockingWorkers workers = new LockingWorkers(locks, store, KEYS, OPTIONS, 4)) {
          runThroughARestart(redis, workers, otherApplication, store);
        }
      }
    }
  }

  private static void runThroughARestart(RedisFixture redis, LockingWorkers workers,
      RedisLockExecutor otherApplication, FencedStore store) throws Exception {
    Await.until("every worker locks", PATIENCE, () -> workers.eachMade(20, Call::succeeded));
    Lease early = otherApplication.acquire(STALE, OPTIONS);
    assertThat(store.write(STALE, early.fencingToken(), "early").accepted()).isTrue();

    long stoppedAt = System.nanoTime();
    redis.stop();
    Await.until("every worker met the outage for a second", PATIENCE, () -> System.nanoTime() - stoppedAt
        > OUTAGE.toNanos() && workers.eachMade(3, call -> call.startNanos() > stoppedAt && !call.succeeded()));
    long restartedAt = System.nanoTime();
    redis.restart();
    Await.until("every worker locks again", PATIENCE,
        () -> workers.eachMade(20, call -> call.startNanos() > restartedAt && call.succeeded()));
    workers.stop(FAILURE_BOUND.plus(OPTIONS.waitTime())); // no thread hangs

    // the early lease's lock vanished with the old process, though its executor still counts it held:
    // another thread of that executor queues behind it until it runs out (this one would be refused at
    // once, locks are not reentrant)
    Lease successor = OnAnotherThread.call(() -> otherApplication.acquire(STALE, OPTIONS.toBuilder()
        .waitTime(PATIENCE).build()), PATIENCE.multipliedBy(2));
    assertThat(successor.fencingToken()).isGreaterThan(early.fencingToken());
    assertThat(store.write(STALE, successor.fencingToken(), "successor").accepted()).isTrue();
    assertThat(store.write(STALE, early.fencingToken(), "early").accepted()).as("a stale write after the restart")
        .isFalse();
    assertThat(early.release()).isFalse();
    assertThat(early.isLost()).isTrue();
    assertThat(successor.release()).isTrue();

    List<Call> calls = workers.calls();
    List<Call> failures = calls.stream().filter(call -> !call.succeeded()).toList();
    assertThat(failures).isNotEmpty().allSatisfy(call -> {
      assertThat(call.failure()).isInstanceOf(RedisUnavailableException.class);
      assertThat(Duration.ofNanos(call.nanos())).isLessThanOrEqualTo(FAILURE_BOUND);
    });
    assertThat(calls).filteredOn(Call::rejected).as("writes rejected although their holder held the lock").isEmpty();
    Map<StockAdjustmentKey, Long> highestBefore = tokens(calls, call -> call.endNanos() < restartedAt, Math::max);
    Map<StockAdjustmentKey, Long> lowestAfter = tokens(calls, call -> call.startNanos() > restartedAt, Math::min);
    assertThat(lowestAfter).isNotEmpty().allSatisfy((key, lowest) -> assertThat(lowest)
        .as("tokens of %s after the restart", key).isGreaterThan(highestBefore.getOrDefault(key, 0L)));

    List<Long> millis = failures.stream().map(call -> TimeUnit.NANOSECONDS.toMillis(call.nanos())).sorted().toList();
    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("clientTimeoutMillis", CLIENT_TIMEOUT.toMillis());
    figures.put("failedCalls", millis.size());
    figures.put("failureMedianMillis", millis.get(millis.size() / 2));
    figures.put("failureMaxMillis", millis.get(millis.size() - 1));
    figures.put("failureBoundMillis", FAILURE_BOUND.toMillis());
    figures.put("outageMillis", TimeUnit.NANOSECONDS.toMillis(restartedAt - stoppedAt));
    figures.put("firstLockAfterRestartMillis", TimeUnit.NANOSECONDS.toMillis(calls.stream()
        .filter(call -> call.succeeded() && call.endNanos() > restartedAt)
        .mapToLong(Call::endNanos).min().orElseThrow() - restartedAt));
    figures.put("locksBefore", calls.stream().filter(call -> call.succeeded() && call.endNanos() < stoppedAt).count());
    figures.put("locksAfter",
        calls.stream().filter(call -> call.succeeded() && call.startNanos() > restartedAt).count());
    Figures.record("restart", figures);
  }

  /** Per key, the highest or lowest fencing token of the successful calls that match {@code which}. */
  private static Map<StockAdjustmentKey, Long> tokens(List<Call> calls, Predicate<Call> which,
      BinaryOperator<Long> pick) {
    return calls.stream()
        .filter(call -> call.succeeded() && which.test(call))
        .collect(Collectors.toMap(Call::key, Call::token, pick));
  }
}
