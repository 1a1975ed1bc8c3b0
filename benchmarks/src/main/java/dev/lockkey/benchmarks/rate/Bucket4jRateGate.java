package dev.lockkey.benchmarks.rate;

import dev.lockkey.benchmarks.redis.RedisEndpoint;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.distributed.BucketProxy;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.redis.jedis.Bucket4jJedis;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import redis.clients.jedis.RedisClient;

/**
 * Bucket4j's compare-and-swap proxy on a Jedis {@code RedisClient}: a bucket of {@code limit}
 * tokens refilled with {@code limit} at the end of each second (the closest Bucket4j has to a fixed
 * window). Bucket4j's defaults otherwise: each decision reads the bucket and writes it back by a
 * compare-and-swap script, again when another client wrote meanwhile.
 */
final class Bucket4jRateGate implements RateGate {
  private final RedisClient jedis;
  private final BucketProxy bucket;

  Bucket4jRateGate(RedisEndpoint redis, String key, long limit) {
    this.jedis = RedisClient.create(redis.host(), redis.port());
    BucketConfiguration configuration = BucketConfiguration.builder()
        .addLimit(bandwidth -> bandwidth.capacity(limit).refillIntervally(limit, Duration.ofSeconds(1)))
        .build();
    this.bucket = Bucket4jJedis.casBasedBuilder(jedis)
        .expirationAfterWrite(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(Duration.ofSeconds(10)))
        .build()
        .builder()
        .build(("bucket4j:" + key).getBytes(StandardCharsets.UTF_8), () -> configuration);
  }

  @Override
  public boolean tryAcquire() {
    return bucket.tryConsume(1);
  }

  @Override
  public void close() {
    jedis.close();
  }
}
