package dev.lockkey.benchmarks.lock;

import dev.lockkey.benchmarks.redis.RedisEndpoint;
import java.util.List;
import java.util.UUID;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.params.SetParams;

/**
 * The floor of a correct Redis lock: {@code SET key owner NX PX lease} to acquire and one EVALSHA
 * compare-and-delete to release, two round trips per cycle over a pooled Jedis client. Anything a
 * library adds (fencing, reentrancy, pub/sub, bookkeeping) is measured against this.
 */
public final class RawJedisFloor implements LockContender {
  private static final String COMPARE_AND_DELETE =
      "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

  private final RedisClient jedis;
  private final String releaseSha;
  private final SetParams acquireParams = SetParams.setParams().nx().px(LEASE.toMillis());

  /** Connects to {@code redis}. */
  public RawJedisFloor(RedisEndpoint redis) {
    this.jedis = RedisClient.create(redis.host(), redis.port());
    this.releaseSha = jedis.scriptLoad(COMPARE_AND_DELETE);
  }

  @Override
  public HeldLock tryAcquire(String key) {
    // A random owner per acquisition, as a correct lock needs (never a guessable one).
    String owner = UUID.randomUUID().toString();
    if (jedis.set(key, owner, acquireParams) == null) {
      return null;
    }
    return () -> jedis.evalsha(releaseSha, List.of(key), List.of(owner));
  }

  @Override
  public void close() {
    jedis.close();
  }
}
