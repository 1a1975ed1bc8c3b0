package dev.lockkey.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.lockkey.Keyspace;
import dev.lockkey.redis.Lease;
import dev.lockkey.redis.LockOptions;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.RedisUnavailableException;
import dev.lockkey.reliability.specs.StockAdjustmentKey;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
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
  /** What a failing call may take at most: a few timeouts (pool, connect, read) plus room for a loaded machine. */
  private static final Duration FAILURE_BOUND = CLIENT_TIMEOUT.multipliedBy(3).plusSeconds(2);
  private static final Duration PATIENCE = Duration.ofSeconds(30);
  private static final Duration OUTAGE = Duration.ofSeconds(1);
  /** How long a worker waits after a failure before it tries again, as an application would. */
  private static final Duration BACKOFF = Duration.ofMillis(10);
  private static final LockOptions OPTIONS = LockOptions.builder()
      .leaseTime(Duration.ofSeconds(5))
      .waitTime(Duration.ofSeconds(2))
      .build();
  private static final int WORKERS = 4;
  private static final List<StockAdjustmentKey> KEYS =
      IntStream.range(0, 5).mapToObj(sku -> StockAdjustmentKey.of("central", sku)).toList();
  private static final StockAdjustmentKey STALE = StockAdjustmentKey.of("central", 99);

  private volatile boolean afterRestart;
  private volatile boolean stop;
  private final List<Long> failureNanos = new CopyOnWriteArrayList<>();
  private final List<Throwable> unexpected = new CopyOnWriteArrayList<>();
  private final LongAdder rejected = new LongAdder();
  private final Map<StockAdjustmentKey, Long> highestBefore = new ConcurrentHashMap<>();
  private final Map<StockAdjustmentKey, Long> lowestAfter = new ConcurrentHashMap<>();
  private final AtomicLong firstSuccessAfterRestart = new AtomicLong();

  @Test
  void callsFailWithinTheTimeoutsDuringAnOutageAndWorkResumesOnTheSameExecutor() throws Exception {
    try (RedisFixture redis = RedisFixture.start()) {
      assumeTrue(redis.ownsServer(), "REDIS_URL is set: this test must stop and restart a server it owns");
      Keyspace keyspace = UniqueKeyspace.of("restart");
      try (RedisClient jedis = redis.newClient(CLIENT_TIMEOUT, CLIENT_TIMEOUT);
          RedisLockExecutor locks = RedisLockExecutor.create(jedis, keyspace);
          RedisLockExecutor otherApplication = RedisLockExecutor.create(jedis, keyspace);
          RedisClient resourceClient = RedisFixture.shared().newClient()) {
        FencedStore store = new FencedStore(resourceClient, keyspace);
        runThroughARestart(redis, locks, otherApplication, store);
      }
    }
  }

  private void runThroughARestart(RedisFixture redis, RedisLockExecutor locks, RedisLockExecutor otherApplication,
      FencedStore store) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(WORKERS);
    try {
      List<Worker> workers = IntStream.range(0, WORKERS).mapToObj(i -> new Worker(locks, store, "w" + i)).toList();
      List<Future<?>> running = new ArrayList<>();
      workers.forEach(worker -> running.add(pool.submit(worker)));
      await("every worker locks", () -> workers.stream().allMatch(worker -> worker.successes.sum() >= 20));
      Lease early = locks.acquire(STALE, OPTIONS);
      assertThat(store.write(STALE, early.fencingToken(), "early").accepted()).isTrue();

      long stoppedAt = System.nanoTime();
      redis.stop();
      await("every worker met the outage for a second", () -> System.nanoTime() - stoppedAt > OUTAGE.toNanos()
          && workers.stream().allMatch(worker -> worker.failures.sum() >= 3));
      long outageNanos = System.nanoTime() - stoppedAt;
      long restartedAt = System.nanoTime();
      redis.restart();
      afterRestart = true;
      await("every worker locks again", () -> workers.stream().allMatch(worker -> worker.successesAfter.sum() >= 20));

      stop = true;
      for (Future<?> worker : running) {
        worker.get(FAILURE_BOUND.toMillis() + OPTIONS.waitTime().toMillis(), TimeUnit.MILLISECONDS); // no thread hangs
      }

      // the early lease still holds the lock as far as its executor knows; Redis lost it with the old process
      Lease successor = otherApplication.acquire(STALE, OPTIONS);
      assertThat(successor.fencingToken()).isGreaterThan(early.fencingToken());
      assertThat(store.write(STALE, successor.fencingToken(), "successor").accepted()).isTrue();
      assertThat(store.write(STALE, early.fencingToken(), "early").accepted()).as("a stale write after the restart").isFalse();
      assertThat(early.release()).isFalse();
      assertThat(early.isLost()).isTrue();
      assertThat(successor.release()).isTrue();

      assertThat(unexpected).isEmpty();
      assertThat(rejected.sum()).as("writes rejected although their holder held the lock").isZero();
      assertThat(failureNanos).isNotEmpty()
          .allSatisfy(nanos -> assertThat(Duration.ofNanos(nanos)).isLessThanOrEqualTo(FAILURE_BOUND));
      assertThat(lowestAfter).isNotEmpty().allSatisfy((key, lowest) ->
          assertThat(lowest).as("tokens of %s after the restart", key).isGreaterThan(highestBefore.getOrDefault(key, 0L)));

      List<Long> sorted = failureNanos.stream().sorted().toList();
      Map<String, Object> figures = new LinkedHashMap<>();
      figures.put("clientTimeoutMillis", CLIENT_TIMEOUT.toMillis());
      figures.put("failedCalls", sorted.size());
      figures.put("failureMedianMillis", TimeUnit.NANOSECONDS.toMillis(sorted.get(sorted.size() / 2)));
      figures.put("failureMaxMillis", TimeUnit.NANOSECONDS.toMillis(sorted.get(sorted.size() - 1)));
      figures.put("failureBoundMillis", FAILURE_BOUND.toMillis());
      figures.put("outageMillis", TimeUnit.NANOSECONDS.toMillis(outageNanos));
      figures.put("firstLockAfterRestartMillis", TimeUnit.NANOSECONDS.toMillis(firstSuccessAfterRestart.get() - restartedAt));
      figures.put("locksBefore", workers.stream().mapToLong(worker -> worker.successes.sum() - worker.successesAfter.sum()).sum());
      figures.put("locksAfter", workers.stream().mapToLong(worker -> worker.successesAfter.sum()).sum());
      Figures.record("restart", figures);
    } finally {
      stop = true;
      pool.shutdownNow();
      assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
    }
  }

  private static void await(String what, BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within " + PATIENCE + ": " + what);
      }
      Thread.sleep(10);
    }
  }

  /** Locks random keys until told to stop, writing to the fenced store inside each lock. */
  private final class Worker implements Runnable {
    final LongAdder successes = new LongAdder();
    final LongAdder successesAfter = new LongAdder();
    final LongAdder failures = new LongAdder();
    private final RedisLockExecutor locks;
    private final FencedStore store;
    private final String name;

    Worker(RedisLockExecutor locks, FencedStore store, String name) {
      this.locks = locks;
      this.store = store;
      this.name = name;
    }

    @Override
    public void run() {
      while (!stop) {
        StockAdjustmentKey key = KEYS.get(ThreadLocalRandom.current().nextInt(KEYS.size()));
        long start = System.nanoTime();
        try {
          Lease lease = locks.acquire(key, OPTIONS);
          boolean after = afterRestart;
          if (!store.write(key, lease.fencingToken(), name).accepted()) {
            rejected.increment();
          }
          lease.release();
          (after ? lowestAfter : highestBefore).merge(key, lease.fencingToken(), after ? Math::min : Math::max);
          successes.increment();
          if (after) {
            successesAfter.increment();
            firstSuccessAfterRestart.compareAndSet(0, System.nanoTime());
          }
        } catch (RedisUnavailableException e) {
          failureNanos.add(System.nanoTime() - start);
          failures.increment();
          LockSupport.parkNanos(BACKOFF.toNanos());
        } catch (RuntimeException | Error e) {
          unexpected.add(e);
        }
      }
    }
  }
}
