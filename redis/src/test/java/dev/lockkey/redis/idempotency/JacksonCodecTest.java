package dev.lockkey.redis.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.LockKey;
import dev.lockkey.codec.Jackson3Codec;
import dev.lockkey.codec.JacksonCodec;
import dev.lockkey.codec.ResultCodec;
import dev.lockkey.idempotency.IdempotencyOptions;
import dev.lockkey.idempotency.IdempotentCalls;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.redis.Servers;
import dev.lockkey.redis.connection.JedisConnection;
import java.math.BigDecimal;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** A user type stored as JSON through Jackson 2 or 3 and replayed on another server. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JacksonCodecTest {
  /** What a payment API answers. */
  record Receipt(String id, BigDecimal amount, List<String> lines) {}

  static Stream<ResultCodec<Receipt>> codecs() {
    return Stream.of(JacksonCodec.of(Receipt.class), Jackson3Codec.of(Receipt.class));
  }

  @ParameterizedTest
  @MethodSource("codecs")
  void aRecordIsStoredAsJsonAndReplayedEqual(ResultCodec<Receipt> codec) throws Exception {
    IdempotencyOptions<Receipt> receipts = IdempotencyOptions.builder(codec).build();
    LockKey key = SampleKey.unique();
    String fingerprint = IdempotentCallsContract.fingerprint("{\"amount\":100}");
    Receipt receipt = new Receipt("r-1", new BigDecimal("100.00"), List.of("A-1", "B-7"));
    AtomicInteger runs = new AtomicInteger();
    try (Servers servers = Servers.onSingleNode(2);
        IdempotentCalls first = RedisIdempotentCalls.create(JedisConnection.of(servers.client(0)), Servers.KEYSPACE);
        IdempotentCalls second = RedisIdempotentCalls.create(JedisConnection.of(servers.client(1)), Servers.KEYSPACE)) {
      assertThat(first.run(key, fingerprint, receipts, token -> {
        runs.incrementAndGet();
        return receipt;
      })).isSameAs(receipt);
      assertThat(second.run(key, fingerprint, receipts, token -> {
        runs.incrementAndGet();
        return new Receipt("r-2", BigDecimal.ONE, List.of());
      })).isEqualTo(receipt);
      assertThat(runs).hasValue(1);
      servers.client(0).del(Servers.KEYSPACE.fullKey(RedisIdempotentCalls.PURPOSE, key));
    }
    assertThat(codec.toString()).contains("Receipt");
  }
}
