package dev.lockkey.reliability;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.reliability.specs.StockAdjustmentKey;
import dev.lockkey.testing.RedisFixture;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import redis.clients.jedis.RedisClient;

/**
 * The holder that the paused-holder test stops: takes the lock of {@link #KEY} with a short lease
 * and the renewal watchdog on, prints {@code HOLDING} with its fencing token, then works until a
 * line arrives on standard input (the test stops the whole process meanwhile, watchdog included).
 * Then it writes to the {@link FencedStore} with its token, releases, prints one {@code RESULT}
 * line and exits.
 *
 * <p>Connects to the server that {@value RedisFixture#REDIS_URL} names. Arguments: the key
 * space's environment word, the lease time in milliseconds.
 */
public final class PausedHolder {
  /** The key that the holder and the test contend for. */
  public static final StockAdjustmentKey KEY = StockAdjustmentKey.of("central", 7);

  private PausedHolder() {}

  /** Runs the holder; see the class documentation for the arguments. */
  public static void main(String[] args) throws IOException {
    if (System.getenv(RedisFixture.REDIS_URL) == null) {
      throw new IllegalStateException(RedisFixture.REDIS_URL + " must name the test's Redis server");
    }
    Keyspace keyspace = Keyspace.of(args[0]);
    LockOptions options = LockOptions.builder()
        .leaseTime(Duration.ofMillis(Long.parseLong(args[1])))
        .renewal(true)
        .build();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    try (RedisFixture redis = RedisFixture.start();
        RedisClient jedis = redis.newClient();
        RedisLockExecutor locks = RedisLockExecutor.create(JedisConnection.of(jedis), keyspace)) {
      Lease lease = locks.acquire(KEY, options);
      System.out.println(ReportLine.of("HOLDING", Map.of("token", lease.fencingToken())).format());
      in.readLine(); // the work, during which the test stops this process past the lease
      FencedStore.Write write = new FencedStore(jedis, keyspace).write(KEY, lease.fencingToken(), "paused");
      boolean released = lease.release();
      Map<String, Object> result = new LinkedHashMap<>();
      result.put("accepted", write.accepted());
      result.put("previous", write.previous());
      result.put("released", released);
      result.put("lost", lease.isLost());
      System.out.println(ReportLine.of("RESULT", result).format());
    }
  }
}
