package dev.lockkey.codec;

import dev.lockkey.Keyspace;
import dev.lockkey.format.CanonicalJson;
import dev.lockkey.idempotency.IdempotencyOptions;
import dev.lockkey.idempotency.IdempotentCalls;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.idempotency.RedisIdempotentCalls;
import java.util.function.Function;
import redis.clients.jedis.RedisClient;

/**
 * What an application without Jackson does, run by {@link JacksonIsOptionalTest} in a class
 * loader that hides Jackson: an idempotent call with the built-in string codec, twice. Takes
 * {@code host:port}, returns both results.
 */
public final class WithoutJackson implements Function<String, String> {

  /** Called reflectively from the hiding class loader. */
  public WithoutJackson() {}

  @Override
  public String apply(String hostAndPort) {
    String[] parts = hostAndPort.split(":");
    SampleKey key = SampleKey.unique();
    String fingerprint = CanonicalJson.fingerprint("{\"amount\":100}");
    IdempotencyOptions<String> options = IdempotencyOptions.builder(ResultCodec.utf8()).build();
    try (RedisClient redis = RedisClient.builder().hostAndPort(parts[0], Integer.parseInt(parts[1])).build();
        IdempotentCalls calls = RedisIdempotentCalls.create(JedisConnection.of(redis), Keyspace.of("no-jackson"))) {
      String first = calls.run(key, fingerprint, options, token -> "receipt-1");
      String replayed = calls.run(key, fingerprint, options, token -> "receipt-2");
      redis.del(Keyspace.of("no-jackson").fullKey(RedisIdempotentCalls.PURPOSE, key));
      return first + "," + replayed;
    }
  }
}
