package dev.lockkey.redis.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.codec.ResultCodec;
import dev.lockkey.redis.RedisUnavailableException;
import dev.lockkey.redis.SampleKey;
import dev.lockkey.redis.Servers;
import dev.lockkey.testing.RedisClusterFixture;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.RedisClusterClient;

/**
 * Issue 28 on the three-master cluster: the key's node sleeps ({@code DEBUG SLEEP}) longer than
 * the cluster client keeps re-sending the start (100 ms socket timeout, 3 attempts within 1 s), so
 * the call fails with every copy of the start still queued on the node, and its clean-up queued
 * among them in any order. When the node wakes, the application's retry runs the work once,
 * promptly, instead of waiting out the 30 s lease of a start nobody runs.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class UnknownStartOnClusterTest {
  private static final Keyspace KEYSPACE = Servers.KEYSPACE;
  private static final Duration SLEEP = Duration.ofMillis(1500);
  private static final Duration PROMPTLY = Duration.ofSeconds(1);
  private static final IdempotencyOptions<String> TEXT = IdempotencyOptions.builder(ResultCodec.utf8()).build();
  private static final String PAYLOAD = IdempotentCallsContract.fingerprint("{\"amount\":100}");

  private final RedisClusterFixture cluster = RedisClusterFixture.shared();
  private final RedisClusterClient impatient = RedisClusterClient.builder()
      .nodes(cluster.nodes())
      .clientConfig(DefaultJedisClientConfig.builder().connectionTimeoutMillis(2000).socketTimeoutMillis(100).build())
      .maxAttempts(3)
      .maxTotalRetriesDuration(Duration.ofSeconds(1))
      .build();
  private final IdempotentCalls calls = IdempotentCalls.create(impatient, KEYSPACE);

  @AfterEach
  void close() {
    calls.close();
    impatient.close();
  }

  @RepeatedTest(3) // the copies and the clean-up run in whatever order the node reads them
  void aRetryRunsTheWorkOncePromptlyAfterTheNodeWakes() throws Exception {
    LockKey key = SampleKey.unique();
    AtomicInteger runs = new AtomicInteger();
    AtomicLong ranAtNanos = new AtomicLong();
    String record = KEYSPACE.fullKey(IdempotentCalls.PURPOSE, key);
    impatient.exists(record); // connected to the key's node before it sleeps
    CompletableFuture<Void> sleep = cluster.nodeServing(record).debugSleep(SLEEP);

    assertThatThrownBy(() -> calls.run(key, PAYLOAD, TEXT, token -> "receipt-" + runs.incrementAndGet()))
        .isInstanceOf(RedisUnavailableException.class);
    assertThat(runs).as("nothing ran").hasValue(0);

    sleep.get(10, TimeUnit.SECONDS);
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
}
