package dev.lockkey.redis.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.codec.ResultCodec;
import dev.lockkey.idempotency.IdempotencyOptions;
import dev.lockkey.idempotency.IdempotentCalls;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.RedisFixture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.RedisClient;

/**
 * Work that succeeded is never reported as not run: when Redis goes down between the work and the
 * storing of its result, the caller still gets the result and the listener hears the failure.
 * On a Redis server of this test's own, which the work stops.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ResultStoreFailureTest {

  @Test
  void aResultThatCannotBeStoredIsStillReturnedAndReported() {
    IdempotentCallsContract.LeaseEvents events = new IdempotentCallsContract.LeaseEvents();
    LockKey key = SampleKey.unique();
    AtomicInteger runs = new AtomicInteger();
    try (RedisFixture server = RedisFixture.startLocal();
        RedisClient client = server.newClient();
        IdempotentCalls calls = RedisIdempotentCalls.create(JedisConnection.of(client), Keyspace.of("test"), events)) {
      String result = calls.run(key, IdempotentCallsContract.fingerprint("{}"),
          IdempotencyOptions.builder(ResultCodec.utf8()).build(), token -> {
            runs.incrementAndGet();
            server.stop(); // Redis fails after the work's effect, before its result is stored
            return "receipt-1";
          });

      assertThat(result).isEqualTo("receipt-1");
      assertThat(runs).hasValue(1);
      assertThat(events.errors).hasValue(1);
    }
  }
}
