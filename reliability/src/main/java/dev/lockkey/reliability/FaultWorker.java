package dev.lockkey.reliability;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.reliability.specs.StockAdjustmentKey;
import dev.lockkey.testing.RedisFixture;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.RedisClient;

/**
 * One process of the randomized fault suite. Its threads lock random keys of a few, through the
 * lock server that {@value RedisFixture#REDIS_URL} names (the test's proxy for this process, which
 * the nemesis black-holes, slows and resets; the nemesis also stops this whole process); inside
 * each lock a thread reads the key's {@link FencedRegister} with the lease's fencing token and
 * writes the next value with it, then releases. Each hold is written to the holds file as
 * {@code HOLD <sku> <token> <acquiredNanos> <releasingNanos> <released> <accepted> <writer>} (by
 * {@link System#nanoTime()}, which on Linux all processes of a machine share; taken after the
 * acquisition returned and before the release was sent, so the lock was held at least that long), and one
 * {@code RESULT} line is printed at the end.
 *
 * <p>The backend is Redis at {@value RedisFixture#REDIS_URL}, a Redis Cluster with
 * {@value WorkerLocks#CLUSTER} set (reached directly: a cluster client follows the nodes' own
 * addresses), or PostgreSQL at {@value WorkerLocks#JDBC_URL} ({@link WorkerLocks}).
 *
 * <p>Arguments: the key space's environment word, threads, keys, run time in milliseconds, the
 * register server's port on 127.0.0.1, the holds file.
 */
public final class FaultWorker {
  /** Short leases, renewed: a stopped process loses its locks quickly, a running one keeps them. */
  private static final LockOptions OPTIONS = LockOptions.builder()
      .leaseTime(Duration.ofSeconds(1))
      .waitTime(Duration.ofSeconds(2))
      .renewal(true)
      .build();
  private static final Duration BACKOFF = Duration.ofMillis(20);
  private static final Duration STOP_GRACE = Duration.ofSeconds(30);

  private FaultWorker() {}

  /** Runs the worker; see the class documentation for the arguments. */
  public static void main(String[] args) throws Exception {
    WorkerArguments arguments = WorkerArguments.parse(args);
    Keyspace keyspace = arguments.keyspace();
    int threads = arguments.threads();
    List<StockAdjustmentKey> keys = arguments.keys();
    Duration runTime = arguments.runTime();
    HostAndPort registerAddress = new HostAndPort("127.0.0.1", Integer.parseInt(args[4]));
    Path holdsFile = Path.of(args[5]);
    String process = Long.toString(ProcessHandle.current().pid());
    ConcurrentLinkedQueue<String> holds = new ConcurrentLinkedQueue<>();
    LongAdder timeouts = new LongAdder();
    LongAdder unavailable = new LongAdder();
    LongAdder errors = new LongAdder();
    try (WorkerLocks backend = WorkerLocks.open(keyspace, threads);
        RedisClient registerClient = RedisClient.builder().hostAndPort(registerAddress).build()) {
      LockExecutor locks = backend.executor();
      FencedRegister register = new FencedRegister(registerClient, keyspace);
      long deadline = System.nanoTime() + runTime.toNanos();
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      for (int i = 0; i < threads; i++) {
        String writer = process + "-" + i;
        pool.execute(() -> {
          ThreadLocalRandom random = ThreadLocalRandom.current();
          while (System.nanoTime() < deadline) {
            int sku = random.nextInt(keys.size());
            try {
              holds.add(hold(locks, register, keys.get(sku), sku, writer));
            } catch (LockTimeoutException e) {
              timeouts.increment();
            } catch (RuntimeException e) {
              if (WorkerLocks.unavailable(e)) {
                unavailable.increment();
                LockSupport.parkNanos(BACKOFF.toNanos());
                continue;
              }
              errors.increment();
              System.err.println("worker " + writer + ": " + e);
              LockSupport.parkNanos(BACKOFF.toNanos());
            }
          }
        });
      }
      pool.shutdown();
      if (!pool.awaitTermination(runTime.plus(STOP_GRACE).toMillis(), TimeUnit.MILLISECONDS)) {
        pool.shutdownNow();
        throw new IllegalStateException("fault worker threads did not stop in time");
      }
    }
    Files.write(holdsFile, holds, StandardCharsets.UTF_8);
    System.out.println(ReportLine.of("RESULT", Map.of("holds", holds.size(), "timeouts", timeouts.sum(),
        "unavailable", unavailable.sum(), "errors", errors.sum())).format());
  }

  /** One hold: acquire, read-modify-write the register with the token, release; its HOLD line. */
  private static String hold(LockExecutor locks, FencedRegister register, StockAdjustmentKey key, int sku,
      String writer) {
    Lease lease = locks.acquire(key, OPTIONS);
    long acquired = System.nanoTime();
    boolean accepted;
    try {
      long value = register.read(key, lease.fencingToken());
      LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(200_000, 2_000_000)); // the work
      accepted = register.write(key, lease.fencingToken(), value, value + 1, writer);
    } catch (RuntimeException e) {
      releaseQuietly(lease);
      throw e;
    }
    long releasing = System.nanoTime(); // the hold lasted at least from acquired to here
    boolean released = releaseQuietly(lease);
    return "HOLD " + sku + " " + lease.fencingToken() + " " + acquired + " " + releasing + " " + released + " "
        + accepted + " " + writer;
  }

  /** Whether the lease was still held when released; {@code false} also when the release failed (not known). */
  private static boolean releaseQuietly(Lease lease) {
    try {
      return lease.release();
    } catch (RuntimeException e) {
      return false;
    }
  }
}
