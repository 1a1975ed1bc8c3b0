package dev.lockkey.reliability;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.rwlock.RedisReadWriteLocks;
import dev.lockkey.reliability.specs.StockAdjustmentKey;
import dev.lockkey.testing.RedisFixture;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import redis.clients.jedis.RedisClient;

/**
 * One process of the cross-process read/write lock test: its threads take {@link #KEY}'s read/write
 * lock again and again, the first {@code writers} of them the write lock, the others read shares
 * (lease renewed), and holding it enter the test's own {@link ReadWriteHolders} count. Readers hold
 * 20-60 ms and come back at once, so that readers are nearly always inside; a writer holds 5-20 ms
 * and rests 100-300 ms between writes. Before each write it looks how many readers are inside, and
 * prints {@code WRITE readers=.. startNanos=.. waitedNanos=..} (by {@link System#nanoTime()}) once in.
 * The test may kill the process (SIGKILL); else it stops at a line on standard input, prints one
 * {@code RESULT} line and exits.
 *
 * <p>Connects to the server that {@value RedisFixture#REDIS_URL} names. Arguments: the key space's
 * environment word, threads, writers, the lease in milliseconds.
 */
public final class ReadWriteWorker {
  /** The key whose read/write lock every worker takes. */
  public static final StockAdjustmentKey KEY = StockAdjustmentKey.of("central", 26);

  private ReadWriteWorker() {}

  /** Runs the worker; see the class documentation for the arguments. */
  public static void main(String[] args) throws Exception {
    if (System.getenv(RedisFixture.REDIS_URL) == null) {
      throw new IllegalStateException(RedisFixture.REDIS_URL + " must name the test's Redis server");
    }
    Keyspace keyspace = Keyspace.of(args[0]);
    int threads = Integer.parseInt(args[1]);
    int writers = Integer.parseInt(args[2]);
    LockOptions options = LockOptions.builder().leaseTime(Duration.ofMillis(Long.parseLong(args[3]))).renewal(true)
        .waitTime(Duration.ofSeconds(30)).build();
    String process = Long.toString(ProcessHandle.current().pid());
    AtomicBoolean running = new AtomicBoolean(true);
    LongAdder reads = new LongAdder();
    LongAdder writes = new LongAdder();
    LongAdder errors = new LongAdder();
    try (RedisFixture redis = RedisFixture.start();
        RedisClient jedis = redis.newClient();
        RedisReadWriteLocks locks = RedisReadWriteLocks.create(JedisConnection.of(jedis), keyspace)) {
      ReadWriteHolders holders = new ReadWriteHolders(jedis, keyspace.env());
      List<Thread> workers = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        String who = process + "-" + t;
        boolean writer = t < writers;
        Thread worker = new Thread(() -> {
          ThreadLocalRandom random = ThreadLocalRandom.current();
          while (running.get()) {
            try {
              if (writer) {
                long readersInside = holders.readersInside();
                long start = System.nanoTime();
                Lease lease = locks.write(KEY, options);
                long waited = System.nanoTime() - start;
                hold(holders, who, true, lease, random.nextInt(5, 20));
                writes.increment();
                System.out.println(ReportLine.of("WRITE", Map.of("readers", readersInside, "startNanos", start,
                    "waitedNanos", waited)).format());
                Thread.sleep(random.nextInt(100, 300));
              } else {
                hold(holders, who, false, locks.read(KEY, options), random.nextInt(20, 60));
                reads.increment();
              }
            } catch (RuntimeException | InterruptedException e) {
              errors.increment();
              System.err.println("read/write worker " + who + ": " + e);
            }
          }
        }, "rw-worker-" + t);
        worker.start();
        workers.add(worker);
      }
      System.out.println(ReportLine.of("STARTED", Map.of("pid", process)).format());
      new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
      running.set(false);
      for (Thread worker : workers) {
        worker.join(60_000);
      }
    }
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("reads", reads.sum());
    result.put("writes", writes.sum());
    result.put("errors", errors.sum());
    System.out.println(ReportLine.of("RESULT", result).format());
  }

  /** Inside the test's count for {@code millis}, then out, then the lease released. */
  private static void hold(ReadWriteHolders holders, String who, boolean writer, Lease lease, long millis) {
    try {
      holders.enter(who, writer);
      LockSupport.parkNanos(Duration.ofMillis(millis).toNanos());
      holders.exit(who);
    } finally {
      lease.release();
    }
  }
}
