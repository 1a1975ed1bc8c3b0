package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.codec.ResultCodec;
import dev.lockkey.idempotency.IdempotencyOptions;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.idempotency.RedisIdempotentCalls;
import dev.lockkey.testing.LockKeyTest;
import dev.lockkey.testing.TcpProxy;
import dev.lockkey.testing.TestRedis;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.RedisClient;

/**
 * Issue 26: clean-ups after unknown outcomes call Redis, and a call to a node that does not answer
 * blocks for the client's socket timeout. They run on a thread of their own, never on the threads
 * that renew leases (which a blocked clean-up would hold up, on healthy nodes too). Seen in a
 * thread dump taken while the background clean-up waits for its reply behind a black hole.
 */
@LockKeyTest
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CleanUpThreadTest {
  private static final Duration SOCKET_TIMEOUT = Duration.ofMillis(300);

  @Test
  void aLockCleanUpRunsOnTheHousekeepingThread(TestRedis redis) throws InterruptedException {
    TcpProxy proxy = redis.newProxy();
    RedisClient client = redis.newClient(proxy, SOCKET_TIMEOUT, SOCKET_TIMEOUT);
    try (RedisLockExecutor locks = RedisLockExecutor.create(JedisConnection.of(client), Keyspace.of(redis.env()))) {
      client.ping(); // connected before the black hole
      proxy.blackHole(TcpProxy.Direction.REPLIES); // the scripts run, their replies never come

      assertThatThrownBy(() -> locks.tryAcquire(TestKey.of("order", "cut-off")))
          .isInstanceOf(RedisUnavailableException.class);

      assertThat(threadInside("LockCommands", "tryCleanUp")).startsWith("lockkey-housekeeping-");
      proxy.heal();
    }
  }

  @Test
  void anIdempotentStartsCleanUpRunsOnTheHousekeepingThread(TestRedis redis) throws InterruptedException {
    TcpProxy proxy = redis.newProxy();
    RedisClient client = redis.newClient(proxy, SOCKET_TIMEOUT, SOCKET_TIMEOUT);
    try (RedisIdempotentCalls calls = RedisIdempotentCalls.create(JedisConnection.of(client), Keyspace.of(redis.env()))) {
      client.ping();
      proxy.blackHole(TcpProxy.Direction.REPLIES);

      assertThatThrownBy(() -> calls.run(SampleKey.unique(), "0123456789abcdef0123456789abcdef",
          IdempotencyOptions.builder(ResultCodec.utf8()).build(), token -> "never"))
          .isInstanceOf(RedisUnavailableException.class);

      assertThat(threadInside("RecordStore", "abandonStart")).startsWith("lockkey-idempotency-housekeeping-");
      proxy.heal();
    }
  }

  /**
   * The name of the first thread other than this one found running {@code className.method}
   * within 10 s: the background clean-up, which the black hole holds for a socket timeout per try.
   */
  private static String threadInside(String className, String method) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (System.nanoTime() < deadline) {
      for (Map.Entry<Thread, StackTraceElement[]> thread : Thread.getAllStackTraces().entrySet()) {
        if (thread.getKey() != Thread.currentThread() && Arrays.stream(thread.getValue()).anyMatch(frame ->
            frame.getClassName().endsWith("." + className) && frame.getMethodName().equals(method))) {
          return thread.getKey().getName();
        }
      }
      Thread.sleep(5); // each try blocks for a socket timeout
    }
    throw new AssertionError("no thread ran " + className + "." + method + " within 10 s");
  }
}
