package dev.lockkey.benchmarks.contention;

import dev.lockkey.Keyspace;
import dev.lockkey.benchmarks.lock.BenchLockKey;
import dev.lockkey.benchmarks.lock.LockContender;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.JedisConnection;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import redis.clients.jedis.RedisClient;

/**
 * One worker JVM of the {@link StallDriver}: the cross-process contention loop of {@link
 * ProcessWorker} (lock, three commands, unlock on one key, lease 30 s without renewal, wait 10 s)
 * on LockKey alone, with a watchdog that prints {@code STALL} (the thread, its wait, the executor's
 * stats, the worker's stacks) as soon as one thread has waited longer than the stall threshold.
 *
 * <p>Arguments: host port key threads millis worker-id stall-millis.
 */
public final class StallWorker {
  private static final Duration MAX_WAIT = Duration.ofSeconds(10);

  private StallWorker() {}

  /** The executor's local queues, read by reflection (internal state, for diagnosis only). */
  static String localQueues(RedisLockExecutor executor) {
    StringBuilder out = new StringBuilder("LOCAL QUEUES\n");
    try {
      Object waitQueue = field(executor, "waitQueue");
      Map<?, ?> queues = (Map<?, ?>) field(waitQueue, "queues");
      for (Map.Entry<?, ?> entry : queues.entrySet()) {
        Object queue = entry.getValue();
        Object holder = field(queue, "holder");
        out.append("  ").append(entry.getKey()).append(" blindPasses=").append(field(queue, "blindPasses"))
            .append(" holderThread=").append(field(queue, "holderThread")).append(" holder=");
        out.append(describe(holder)).append('\n');
        for (Object waiter : (Iterable<?>) field(queue, "waiters")) {
          out.append("    waiter ").append(describe(waiter)).append('\n');
        }
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      out.append("  failed: ").append(e).append('\n');
    }
    return out.toString();
  }

  private static String describe(Object object) throws ReflectiveOperationException {
    if (object instanceof Lease lease) {
      return "Lease[owner " + lease.ownerToken() + ", token " + lease.fencingToken() + ", remainingMs "
          + lease.remainingNanos() / 1_000_000 + ", lost " + lease.isLost() + ", released " + field(lease, "released")
          + ", claimNanos " + field(lease, "claimNanos") + "]";
    }
    if (object == null) {
      return "null";
    }
    return "Waiter[state " + field(object, "state") + ", thread " + field(object, "thread") + ", queued "
        + field(object, "queued") + ", lease " + describe(field(object, "lease")) + "]";
  }

  private static Object field(Object target, String name) throws ReflectiveOperationException {
    java.lang.reflect.Field field = target.getClass().getDeclaredField(name);
    field.setAccessible(true);
    return field.get(target);
  }

  public static void main(String[] args) throws Exception {
    String host = args[0];
    int port = Integer.parseInt(args[1]);
    String key = args[2];
    int threads = Integer.parseInt(args[3]);
    long millis = Long.parseLong(args[4]);
    String id = args[5];
    long stallNanos = TimeUnit.MILLISECONDS.toNanos(Long.parseLong(args[6]));
    LockOptions options = LockOptions.builder().leaseTime(LockContender.LEASE).renewal(false).waitTime(MAX_WAIT)
        .build();
    try (RedisClient jedis = RedisClient.create(host, port);
        RedisLockExecutor executor = RedisLockExecutor.builder(JedisConnection.of(jedis), Keyspace.of("bench")).build()) {
      executor.acquire(BenchLockKey.of(key + ":warm-up:" + id), options).release();
      System.out.println("READY");
      System.out.flush();
      long startBy = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
      while (!jedis.exists(key + ":start")) {
        if (System.nanoTime() - startBy > 0) {
          throw new IllegalStateException("no start within 2 minutes");
        }
        TimeUnit.MILLISECONDS.sleep(1);
      }
      long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
      AtomicLongArray waitingSince = new AtomicLongArray(threads);
      long[] cycles = new long[threads];
      long[] timeouts = new long[threads];
      long[] maxWait = new long[threads];
      Thread[] loops = new Thread[threads];
      for (int t = 0; t < threads; t++) {
        int me = t;
        loops[t] = new Thread(() -> {
          while (System.nanoTime() - end < 0) {
            long asked = System.nanoTime();
            waitingSince.set(me, asked);
            Lease lease;
            try {
              lease = executor.acquire(BenchLockKey.of(key), options);
            } catch (LockTimeoutException e) {
              timeouts[me]++;
              continue;
            } finally {
              waitingSince.set(me, 0);
            }
            maxWait[me] = Math.max(maxWait[me], System.nanoTime() - asked);
            try {
              jedis.incr(key + ":inside");
              jedis.getSet(key + ":last", id);
              cycles[me]++;
              jedis.decr(key + ":inside");
            } finally {
              lease.release();
            }
          }
        }, "loop-" + t);
        loops[t].start();
      }
      boolean[] reported = new boolean[threads];
      boolean running = true;
      while (running) {
        running = false;
        for (int t = 0; t < threads; t++) {
          running |= loops[t].isAlive();
          long since = waitingSince.get(t);
          long waited = since == 0 ? 0 : System.nanoTime() - since;
          if (waited > stallNanos && !reported[t]) {
            reported[t] = true;
            StringBuilder dump = new StringBuilder();
            for (Map.Entry<Thread, StackTraceElement[]> stack : Thread.getAllStackTraces().entrySet()) {
              dump.append("  thread ").append(stack.getKey().getName()).append(' ')
                  .append(stack.getKey().getState()).append('\n');
              for (StackTraceElement frame : stack.getValue()) {
                dump.append("      at ").append(frame).append('\n');
              }
            }
            System.out.println("STALL " + id + " loop-" + t + " waited " + waited / 1_000_000 + " ms, stats "
                + executor.stats() + "\n" + localQueues(executor) + dump + "END");
            System.out.flush();
          } else if (waited == 0) {
            reported[t] = false;
          }
        }
        TimeUnit.MILLISECONDS.sleep(50);
      }
      long total = 0;
      long lost = 0;
      long longest = 0;
      for (int t = 0; t < threads; t++) {
        total += cycles[t];
        lost += timeouts[t];
        longest = Math.max(longest, maxWait[t]);
      }
      System.out.println("DONE " + id + " cycles " + total + " timeouts " + lost + " maxWaitMs "
          + longest / 1_000_000 + " stats " + executor.stats());
      System.out.flush();
    }
    System.exit(0);
  }
}
