package dev.lockkey.reliability;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.permit.PermitOptions;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.permit.RedisPermits;
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
import java.util.concurrent.atomic.AtomicLong;
import redis.clients.jedis.RedisClient;

/**
 * One process of the cross-process permits test: its threads take a permit of {@link #KEY} again and
 * again (N permits, a short lease renewed by the watchdog) and, holding it, enter the test's
 * {@link #INSIDE} count, which the library knows nothing of: a hash of who is inside, entered by one
 * Lua call that also counts an entry that found N or more inside already ({@link #OVERCROWDED}).
 * The test kills such processes (SIGKILL) at random; the survivors stop at a line on standard input,
 * print one {@code RESULT} line and exit.
 *
 * <p>Connects to the server that {@value RedisFixture#REDIS_URL} names. Arguments: the key space's
 * environment word, threads, N, the lease in milliseconds.
 */
public final class PermitWorker {
  /** The key whose permits every worker takes. */
  public static final StockAdjustmentKey KEY = StockAdjustmentKey.of("central", 24);
  /** The test's own count of who is inside, {@code <prefix><env>}: a hash of process-thread to 1. */
  public static final String INSIDE = "test-inside-";
  /** How many entries found N or more inside, {@code <prefix><env>}. */
  public static final String OVERCROWDED = "test-overcrowded-";

  private static final String ENTER = "redis.call('HSET', KEYS[1], ARGV[1], '1') "
      + "if redis.call('HLEN', KEYS[1]) > tonumber(ARGV[2]) then redis.call('INCR', KEYS[2]) end return 1";

  private PermitWorker() {}

  /** Runs the worker; see the class documentation for the arguments. */
  public static void main(String[] args) throws Exception {
    if (System.getenv(RedisFixture.REDIS_URL) == null) {
      throw new IllegalStateException(RedisFixture.REDIS_URL + " must name the test's Redis server");
    }
    Keyspace keyspace = Keyspace.of(args[0]);
    int threads = Integer.parseInt(args[1]);
    int permits = Integer.parseInt(args[2]);
    PermitOptions options = PermitOptions.builder().permits(permits)
        .lease(LockOptions.builder().leaseTime(Duration.ofMillis(Long.parseLong(args[3]))).renewal(true)
            .waitTime(Duration.ofSeconds(30)).build())
        .build();
    String process = Long.toString(ProcessHandle.current().pid());
    AtomicBoolean running = new AtomicBoolean(true);
    AtomicLong entries = new AtomicLong();
    AtomicLong errors = new AtomicLong();
    try (RedisFixture redis = RedisFixture.start();
        RedisClient jedis = redis.newClient();
        RedisPermits pool = RedisPermits.create(JedisConnection.of(jedis), keyspace)) {
      List<String> keys = List.of(INSIDE + keyspace.env(), OVERCROWDED + keyspace.env());
      List<Thread> workers = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        String who = process + "-" + t;
        Thread worker = new Thread(() -> {
          while (running.get()) {
            try {
              pool.withPermit(KEY, options, lease -> {
                jedis.eval(ENTER, keys, List.of(who, Integer.toString(permits)));
                if (entries.incrementAndGet() == 1) {
                  System.out.println(ReportLine.of("STARTED", Map.of("pid", process)).format());
                }
                Thread.sleep(ThreadLocalRandom.current().nextInt(1, 15));
                jedis.hdel(keys.get(0), who); // leave before the permit goes back
                return null;
              });
            } catch (LockException | InterruptedException e) {
              errors.incrementAndGet();
            }
          }
        }, "permit-worker-" + t);
        worker.start();
        workers.add(worker);
      }
      new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
      running.set(false);
      for (Thread worker : workers) {
        worker.join(60_000);
      }
    }
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("entries", entries.get());
    result.put("errors", errors.get());
    System.out.println(ReportLine.of("RESULT", result).format());
  }
}
