package dev.lockkey.redis;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.ReadmeCode;
import dev.lockkey.lock.ContractKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.connection.RedisConnection;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.RedisClient;

/**
 * The README's Redis example is this module's code: the block marked
 * {@code <!-- checked: redis-front -->} stands in {@link #readmeBlock} word for word, so it compiles
 * against this build (it is not run: its client names a host of the reader's; the executor's own
 * tests run the same calls on a real Redis).
 */
class ReadmeRedisTest {
  private static final Path THIS_SOURCE = Path.of("src/test/java/dev/lockkey/redis/ReadmeRedisTest.java");

  /** Stands for the key class the processor generates for the README's {@code PaymentCapture} spec. */
  private static final class PaymentCaptureKey {
    static LockKey of(String tenant, long orderId) {
      return ContractKey.of("capture", tenant + ":" + orderId);
    }
  }

  /** The README's guarded resource. */
  private interface Ledger {
    void capture(String order, long fencingToken);
  }

  @SuppressWarnings("resource") // the README's client and executor live as long as the application
  private static void readmeBlock(Ledger ledger, String order) {
    // the README's block redis-front, from here
    RedisClient client = RedisClient.create("redis.internal", 6379);                // any UnifiedJedis
    RedisConnection redis = JedisConnection.of(client);                             // or LettuceConnection.of(lettuce)
    RedisLockExecutor locks = RedisLockExecutor.create(redis, Keyspace.of("prod")); // one per application
    try (Lease lease = locks.acquire(PaymentCaptureKey.of("t42", 98765))) {        // lock:prod:{payment:capture:v1:t42:98765}
      ledger.capture(order, lease.fencingToken());                                 // the ledger refuses stale tokens
    }
    // to here
  }

  @Test
  void theReadmesRedisBlockIsTheCodeAbove() throws IOException {
    ReadmeCode.assertBlockIsTheCodeOf("redis-front", THIS_SOURCE, ReadmeRedisTest.class.getPackageName());
  }
}
