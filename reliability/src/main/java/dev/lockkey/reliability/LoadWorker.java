package dev.lockkey.reliability;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.reliability.specs.StockAdjustmentKey;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import redis.clients.jedis.RedisClient;

/**
 * One process of the cross-process load test. Its threads take locks on random keys of a small
 * set for a bounded time; inside each lock a thread enters the key's {@link CriticalSections
 * critical section}, writes to the {@link FencedStore} with the lease's fencing token, works a
 * little and leaves; then it releases the lease and counts how it ended ({@link LoadTally}).
 *
 * <p>Connects to the server that {@value RedisFixture#REDIS_URL} names (the test's, set in this
 * process's environment so that no password shows in the command line). When the time is up and
 * every thread stopped, it prints one {@code RESULT} line and exits.
 *
 * <p>Arguments: the key space's environment word, threads, keys, run time in milliseconds.
 */
public final class LoadWorker {
  /** Leases far longer than a critical section: none should run out. */
  private static final LockOptions OPTIONS = LockOptions.builder()
      .leaseTime(Duration.ofSeconds(5))
      .waitTime(Duration.ofSeconds(5))
      .build();
  private static final Duration STOP_GRACE = Duration.ofSeconds(30);

  private LoadWorker() {}

  /** Runs the worker; see the class documentation for the arguments. */
  public static void main(String[] args) throws InterruptedException {
    WorkerArguments arguments = WorkerArguments.parse(args);
    Keyspace keyspace = arguments.keyspace();
    int threads = arguments.threads();
    List<StockAdjustmentKey> keys = arguments.keys();
    Duration runTime = arguments.runTime();
    String process = Long.toString(ProcessHandle.current().pid());
    LoadTally tally = new LoadTally();
    try (RedisFixture redis = RedisFixture.start();
        RedisClient jedis = redis.newClient();
        RedisLockExecutor locks = RedisLockExecutor.builder(JedisConnection.of(jedis), keyspace).listener(new LockListener() {
          @Override
          public void onContended(LockKey key) {
            tally.contended();
          }
        }).build()) {
      FencedStore store = new FencedStore(jedis, keyspace);
      CriticalSections sections = new CriticalSections(jedis, keyspace);
      System.err.println("load worker " + process + " on " + redis); // the fixture prints no password
      long deadline = System.nanoTime() + runTime.toNanos();
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      for (int i = 0; i < threads; i++) {
        String writer = process + "-" + i;
        pool.execute(() -> work(locks, store, sections, keys, deadline, writer, tally));
      }
      pool.shutdown();
      if (!pool.awaitTermination(runTime.plus(STOP_GRACE).toMillis(), TimeUnit.MILLISECONDS)) {
        pool.shutdownNow();
        throw new IllegalStateException("load worker threads did not stop in time");
      }
    }
    System.out.println(tally.report().format());
  }

  private static void work(RedisLockExecutor locks, FencedStore store, CriticalSections sections,
      List<StockAdjustmentKey> keys, long deadline, String writer, LoadTally tally) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    while (System.nanoTime() < deadline) {
      StockAdjustmentKey key = keys.get(random.nextInt(keys.size()));
      Lease lease;
      try {
        lease = locks.acquire(key, OPTIONS);
      } catch (LockTimeoutException e) {
        tally.timedOut();
        continue;
      } catch (LockException e) {
        tally.failed(e);
        continue;
      }
      tally.acquired();
      try {
        if (!sections.enter(key)) {
          tally.overlapped();
        }
        try {
          tally.wrote(store.write(key, lease.fencingToken(), writer), lease.fencingToken());
          LockSupport.parkNanos(random.nextLong(100_000, 1_000_000)); // the work: makes others wait
        } finally {
          sections.exit(key);
        }
      } catch (RuntimeException e) {
        tally.failed(e);
      }
      tally.release(lease);
    }
  }
}
