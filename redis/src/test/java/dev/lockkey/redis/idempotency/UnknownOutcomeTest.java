package dev.lockkey.redis.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.codec.ResultCodec;
import dev.lockkey.idempotency.IdempotencyOptions;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.redis.RedisAwait;
import dev.lockkey.redis.RedisUnavailableException;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.LockKeyTest;
import dev.lockkey.testing.TcpProxy;
import dev.lockkey.testing.TestRedis;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.RedisClient;

/**
 * Issue 28: a start, a store or a removal whose outcome the client never learned is settled with
 * the owner token it sent, so that the application's retry runs the work (or gets its result) as
 * soon as Redis answers again, not a whole lease later, and never runs it twice. Through a
 * {@link TcpProxy} between the calls' client (300 ms socket timeout) and the server; the lease
 * and the wait are the defaults (30 s each), so a record left behind would fail each test.
 */
@LockKeyTest
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class UnknownOutcomeTest {
  private static final Duration SOCKET_TIMEOUT = Duration.ofMillis(300);
  /**
   * How late the start's reply comes: well past the client's timeout. (The reply, not the request:
   * Jedis closes a timed-out connection with a reset, which would drop a request still in the proxy.)
   */
  private static final Duration REPLY_DELAY = Duration.ofSeconds(1);
  /** How soon after Redis answers again the application's retry must have run the work. */
  private static final Duration PROMPTLY = Duration.ofSeconds(1);
  private static final IdempotencyOptions<String> TEXT = IdempotencyOptions.builder(ResultCodec.utf8()).build();
  private static final String PAYLOAD = IdempotentCallsContract.fingerprint("{\"amount\":100}");

  private final LockKey key = SampleKey.unique();
  private final AtomicInteger runs = new AtomicInteger();
  private final AtomicLong ranAtNanos = new AtomicLong();

  private String work() {
    ranAtNanos.set(System.nanoTime());
    return "receipt-" + runs.incrementAndGet();
  }

  @Test
  void aStartThatLandsAfterTheClientGaveUpDoesNotHoldTheKey(TestRedis redis) {
    Keyspace keyspace = Keyspace.of(redis.env());
    TcpProxy proxy = redis.newProxy();
    RedisClient direct = redis.newClient();
    try (RedisIdempotentCalls calls = RedisIdempotentCalls.create(JedisConnection.of(redis.newClient(proxy, SOCKET_TIMEOUT, SOCKET_TIMEOUT)),
        keyspace)) {
      assertThat(calls.run(SampleKey.unique(), PAYLOAD, TEXT, token -> "warm-up")).isEqualTo("warm-up");
      proxy.latency(TcpProxy.Direction.REPLIES, REPLY_DELAY);

      assertThatThrownBy(() -> calls.run(key, PAYLOAD, TEXT, token -> work()))
          .isInstanceOf(RedisUnavailableException.class);
      assertThat(runs).as("nothing ran").hasValue(0);
      RedisAwait.until("the start ran", Duration.ofSeconds(10),
          () -> direct.exists(keyspace.fullKey(RedisIdempotentCalls.FENCE_PURPOSE, key)));

      proxy.heal();
      long healedAtNanos = System.nanoTime();
      assertThat(calls.run(key, PAYLOAD, TEXT, token -> work())).isEqualTo("receipt-1");

      assertThat(Duration.ofNanos(ranAtNanos.get() - healedAtNanos)).as("the retry ran the work promptly")
          .isLessThan(PROMPTLY);
      assertThat(calls.run(key, PAYLOAD, TEXT, token -> work())).as("replayed").isEqualTo("receipt-1");
      assertThat(runs).as("never twice").hasValue(1);
    }
  }

  @Test
  void aCleanedUpStartsLateCopyStartsNothing(TestRedis redis) {
    Keyspace keyspace = Keyspace.of(redis.env());
    RedisClient direct = redis.newClient();
    RecordStore store = new RecordStore(JedisConnection.of(direct));
    String record = keyspace.fullKey(RedisIdempotentCalls.PURPOSE, key);
    String fence = keyspace.fullKey(RedisIdempotentCalls.FENCE_PURPOSE, key);
    String channel = keyspace.fullKey(RedisIdempotentCalls.OUTCOME_PURPOSE, key);

    store.abandonStart(record, channel, "owner-a"); // the clean-up came first, the start is still on its way
    assertThatThrownBy(() -> store.begin(record, fence, PAYLOAD, "owner-a", 30_000, 60_000, false))
        .as("the late copy is answered 'abandoned', which nobody reads")
        .hasMessageContaining("unexpected reply");
    assertThat(direct.hget(record, "state")).as("and starts nothing").isEqualTo("abandoned");

    Begun retry = store.begin(record, fence, PAYLOAD, "owner-b", 30_000, 60_000, false);
    assertThat(retry.state()).as("another caller starts").isEqualTo(Begun.State.STARTED);
    store.abandonStart(record, channel, "owner-a"); // a re-sent clean-up
    assertThat(store.storeResult(record, channel, "owner-b", "receipt-1".getBytes(StandardCharsets.UTF_8), 60_000))
        .as("the clean-up left the other caller's record alone").isTrue();
    store.abandonStart(record, channel, "owner-b");
    assertThat(store.begin(record, fence, PAYLOAD, "owner-c", 30_000, 60_000, false).state())
        .as("nor does a clean-up remove a stored result").isEqualTo(Begun.State.DONE);
  }

  @Test
  void aResultWhoseStoreFailedIsStoredOnceRedisAnswersAndNeverRunAgain(TestRedis redis) {
    Keyspace keyspace = Keyspace.of(redis.env());
    TcpProxy proxy = redis.newProxy();
    IdempotentCallsContract.LeaseEvents events = new IdempotentCallsContract.LeaseEvents();
    try (RedisIdempotentCalls cutOff = RedisIdempotentCalls.create(JedisConnection.of(redis.newClient(proxy, SOCKET_TIMEOUT, SOCKET_TIMEOUT)),
            keyspace, events);
        RedisIdempotentCalls other = RedisIdempotentCalls.create(JedisConnection.of(redis.newClient()), keyspace)) {
      String result = cutOff.run(key, PAYLOAD, TEXT, token -> {
        proxy.cut(); // Redis fails after the work, before its result is stored
        return work();
      });
      assertThat(result).as("the work ran: its result is returned").isEqualTo("receipt-1");
      assertThat(events.errors).hasPositiveValue();

      proxy.heal();
      long healedAtNanos = System.nanoTime();
      assertThat(other.run(key, PAYLOAD, TEXT, token -> work())).as("the result, stored late").isEqualTo("receipt-1");
      assertThat(Duration.ofNanos(System.nanoTime() - healedAtNanos)).isLessThan(PROMPTLY);
      assertThat(runs).as("never twice").hasValue(1);
    }
  }

  @Test
  void aFailedCallsRemovalThatFailedIsSentAgainSoARetryRunsPromptly(TestRedis redis) {
    Keyspace keyspace = Keyspace.of(redis.env());
    TcpProxy proxy = redis.newProxy();
    try (RedisIdempotentCalls cutOff = RedisIdempotentCalls.create(JedisConnection.of(redis.newClient(proxy, SOCKET_TIMEOUT, SOCKET_TIMEOUT)),
            keyspace);
        RedisIdempotentCalls other = RedisIdempotentCalls.create(JedisConnection.of(redis.newClient()), keyspace)) {
      assertThatThrownBy(() -> cutOff.run(key, PAYLOAD, TEXT, token -> {
        runs.incrementAndGet();
        proxy.cut(); // Redis fails before the failed call's record is removed
        throw new IllegalStateException("payment provider timed out");
      })).isInstanceOf(IllegalStateException.class)
          .satisfies(failure -> assertThat(failure.getSuppressed()).hasAtLeastOneElementOfType(
              RedisUnavailableException.class));

      proxy.heal();
      long healedAtNanos = System.nanoTime();
      assertThat(other.run(key, PAYLOAD, TEXT, token -> work())).isEqualTo("receipt-2");
      assertThat(Duration.ofNanos(ranAtNanos.get() - healedAtNanos)).as("the retry ran the work promptly")
          .isLessThan(PROMPTLY);
    }
  }
}
