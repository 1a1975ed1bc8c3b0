package dev.lockkey.redis.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.codec.ResultCodec;
import dev.lockkey.idempotency.IdempotencyOptions;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.redis.RedisUnavailableException;
import dev.lockkey.redis.Servers;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.RedisClusterFixture;
import dev.lockkey.testing.RedisNode;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.commands.ProtocolCommand;
import redis.clients.jedis.util.RedisInputStream;

/**
 * Issue 28 on the three-master cluster, with the start re-sent by the cluster client. The key's
 * node runs the start and then sleeps ({@code DEBUG SLEEP} 2 s, on a connection of its own) before
 * it replies: both reach the node while it is paused (SIGSTOP), the start first, so that it reads
 * them in one go once resumed. The client (300 ms socket timeout, 3 attempts within 1 s) re-sends
 * the start twice and gives up, with the start run and its copies and clean-up queued on the node
 * in any order. (A copy whose connection the client closed may be dropped by the node: Jedis
 * closes with a reset.) When the node wakes, the application's retry runs the work once,
 * promptly, instead of waiting out the 30 s lease of a start nobody runs.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class UnknownStartOnClusterTest {
  private static final Keyspace KEYSPACE = Servers.KEYSPACE;
  private static final Duration PROMPTLY = Duration.ofSeconds(1);
  private static final IdempotencyOptions<String> TEXT = IdempotencyOptions.builder(ResultCodec.utf8()).build();
  private static final String PAYLOAD = IdempotentCallsContract.fingerprint("{\"amount\":100}");
  private static final ProtocolCommand DEBUG = () -> "DEBUG".getBytes(StandardCharsets.US_ASCII);

  private final RedisClusterFixture cluster = RedisClusterFixture.shared();
  private final RedisClusterClient impatient = RedisClusterClient.builder()
      .nodes(cluster.nodes())
      .clientConfig(DefaultJedisClientConfig.builder().connectionTimeoutMillis(2000).socketTimeoutMillis(300).build())
      .maxAttempts(3)
      .maxTotalRetriesDuration(Duration.ofSeconds(1))
      .build();
  private final RedisIdempotentCalls calls = RedisIdempotentCalls.create(JedisConnection.of(impatient), KEYSPACE);
  private final ExecutorService background = Executors.newFixedThreadPool(2);

  @AfterEach
  void close() throws InterruptedException {
    background.shutdownNow();
    assertThat(background.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    calls.close();
    impatient.close();
  }

  @RepeatedTest(3) // the copies and the clean-up run in whatever order the node reads them
  void aRetryRunsTheWorkOncePromptlyAfterTheNodeWakes() throws Exception {
    LockKey key = SampleKey.unique();
    AtomicInteger runs = new AtomicInteger();
    AtomicLong ranAtNanos = new AtomicLong();
    String record = KEYSPACE.fullKey(RedisIdempotentCalls.PURPOSE, key);
    RedisNode node = cluster.nodeServing(record);
    Keyspace warm = Keyspace.of("test-warm"); // the same body: the same node, whose script cache it fills
    try (RedisIdempotentCalls warmUp = RedisIdempotentCalls.create(JedisConnection.of(impatient), warm)) {
      assertThat(warmUp.run(key, PAYLOAD, TEXT, token -> "warm")).isEqualTo("warm");
    }
    impatient.del(warm.fullKey(RedisIdempotentCalls.PURPOSE, key), warm.fullKey(RedisIdempotentCalls.FENCE_PURPOSE, key));
    AtomicReference<Thread> starting = new AtomicReference<>();
    AtomicReference<Thread> sleeping = new AtomicReference<>();
    Future<String> first;
    Future<Object> sleep;
    // connected before the pause: a new connection's command would be read an event loop later,
    // after the start's reply went out
    try (Jedis sleeper = new Jedis(node.address(), DefaultJedisClientConfig.builder().socketTimeoutMillis(10_000).build())) {
      sleeper.ping();
      node.pause(); // what is sent now waits for the node, in the order it is sent
      try {
        first = background.submit(() -> {
          starting.set(Thread.currentThread());
          return calls.run(key, PAYLOAD, TEXT, token -> "receipt-" + runs.incrementAndGet());
        });
        awaitReadingAReply(starting);
        sleep = background.submit(() -> {
          sleeping.set(Thread.currentThread());
          return sleeper.sendCommand(DEBUG, "SLEEP", "2");
        });
        awaitReadingAReply(sleeping);
      } finally {
        node.resume(); // it reads both at once: runs the start, then sleeps before it replies
      }

      assertThatThrownBy(() -> first.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(RedisUnavailableException.class);
      assertThat(runs).as("nothing ran").hasValue(0);
      sleep.get(10, TimeUnit.SECONDS);
    }
    assertThat(impatient.exists(KEYSPACE.fullKey(RedisIdempotentCalls.FENCE_PURPOSE, key)))
        .as("the start ran: only its reply was late").isTrue();
    long awakeAtNanos = System.nanoTime();
    String result = calls.run(key, PAYLOAD, TEXT, token -> {
      ranAtNanos.set(System.nanoTime());
      return "receipt-" + runs.incrementAndGet();
    });

    assertThat(result).isEqualTo("receipt-1");
    assertThat(Duration.ofNanos(ranAtNanos.get() - awakeAtNanos)).as("the retry ran the work promptly")
        .isLessThan(PROMPTLY);
    assertThat(calls.run(key, PAYLOAD, TEXT, token -> "again-" + runs.incrementAndGet())).isEqualTo("receipt-1");
    assertThat(runs).as("never twice").hasValue(1);
  }

  /**
   * Waits until the thread in {@code thread} reads a reply in Jedis: the command it sent before
   * is on its way (on a paused node: waiting in the node's socket).
   */
  private static void awaitReadingAReply(AtomicReference<Thread> thread) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!readsAReply(thread.get())) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError(thread.get() + " sent nothing within 10 s");
      }
      Thread.sleep(1);
    }
  }

  private static boolean readsAReply(Thread thread) {
    return thread != null && Arrays.stream(thread.getStackTrace())
        .anyMatch(frame -> frame.getClassName().equals(RedisInputStream.class.getName()));
  }
}
