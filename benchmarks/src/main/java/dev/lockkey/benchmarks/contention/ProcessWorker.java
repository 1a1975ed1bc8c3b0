package dev.lockkey.benchmarks.contention;

import dev.lockkey.benchmarks.lock.BlockingLockContender;
import dev.lockkey.benchmarks.lock.HeldLock;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import redis.clients.jedis.RedisClient;

/**
 * One worker process of the cross-process contention run: its threads loop lock, a critical section
 * of three Redis commands, unlock, on the one shared key, from the moment the start key appears in
 * Redis until the time is up. The critical section checks exclusion across processes: {@code INCR}
 * of a counter must read 1 and its {@code DECR} 0, and {@code GETSET} of the last holder tells
 * whether the lock came from another process. It prints {@code READY} once connected and writes
 * its tally to a file ({@link ProcessTally}).
 *
 * <p>Arguments: host port contender key threads millis worker-id out-file.
 */
public final class ProcessWorker {
  /** The longest a thread waits for the lock before it counts a timeout and asks again. */
  private static final Duration MAX_WAIT = Duration.ofSeconds(10);
  /** How long a worker waits for the start key before it gives up. */
  private static final Duration MAX_START_WAIT = Duration.ofMinutes(2);

  private ProcessWorker() {}

  public static void main(String[] args) throws Exception {
    RedisEndpoint redis = new RedisEndpoint(args[0], Integer.parseInt(args[1]));
    ProcessContender contender = ProcessContender.valueOf(args[2]);
    String key = args[3];
    int threads = Integer.parseInt(args[4]);
    Duration time = Duration.ofMillis(Long.parseLong(args[5]));
    String id = args[6];
    Path out = Path.of(args[7]);
    try (BlockingLockContender locks = contender.open(redis);
        RedisClient jedis = RedisClient.create(redis.host(), redis.port())) {
      HeldLock warm = locks.acquire(key + ":warm-up:" + id, MAX_WAIT); // connections and scripts ready
      warm.release();
      System.out.println("READY");
      System.out.flush();
      awaitStart(jedis, ProcessContentionRun.startKey(key));
      ProcessTally tally = run(locks, jedis, key, threads, time, id);
      tally.write(out);
    }
    System.exit(0); // some clients keep non-daemon threads
  }

  private static void awaitStart(RedisClient jedis, String startKey) throws InterruptedException {
    long deadline = System.nanoTime() + MAX_START_WAIT.toNanos();
    while (!jedis.exists(startKey)) {
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException("no start within " + MAX_START_WAIT);
      }
      TimeUnit.MILLISECONDS.sleep(1);
    }
  }

  private static ProcessTally run(BlockingLockContender locks, RedisClient jedis, String key, int threads,
      Duration time, String id) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      long end = System.nanoTime() + time.toNanos();
      List<Future<ProcessTally>> futures = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        futures.add(pool.submit(() -> loop(locks, jedis, key, end, id)));
      }
      ProcessTally total = new ProcessTally();
      for (Future<ProcessTally> future : futures) {
        total.add(future.get(time.plus(MAX_WAIT).plusSeconds(10).toMillis(), TimeUnit.MILLISECONDS));
      }
      return total;
    } finally {
      pool.shutdownNow();
    }
  }

  private static ProcessTally loop(BlockingLockContender locks, RedisClient jedis, String key, long end, String id)
      throws InterruptedException {
    ProcessTally tally = new ProcessTally();
    String inside = key + ":inside";
    String last = key + ":last";
    while (System.nanoTime() - end < 0) {
      long asked = System.nanoTime();
      HeldLock held = locks.acquire(key, MAX_WAIT);
      if (held == null) {
        tally.timeouts++;
        continue;
      }
      tally.addWait(System.nanoTime() - asked);
      try {
        if (jedis.incr(inside) != 1) {
          tally.overlaps++;
        }
        String previous = jedis.getSet(last, id);
        if (previous != null && !previous.equals(id)) {
          tally.crossHandoffs++;
        }
        tally.cycles++;
        if (jedis.decr(inside) != 0) {
          tally.overlaps++;
        }
      } finally {
        held.release();
      }
    }
    return tally;
  }
}
