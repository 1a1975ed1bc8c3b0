package dev.lockkey.benchmarks.lock;

import dev.lockkey.benchmarks.redis.RedisEndpoint;
import java.util.List;
import java.util.UUID;
import redis.clients.jedis.RedisClient;

/**
 * The floor of a fenced Redis lock: one EVALSHA that takes the lock with {@code SET NX PX} and, when
 * taken, {@code INCR}s the key's fencing counter (the token a guarded resource checks), and one
 * EVALSHA compare-and-delete to release: two round trips and six Redis commands per cycle over a
 * pooled Jedis client. What a lock with fencing tokens costs at least.
 */
public final class RawFencedFloor implements LockContender {
  private static final String ACQUIRE = "if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then"
      + " return redis.call('INCR', KEYS[2]) end return 0";
  private static final String COMPARE_AND_DELETE =
      "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";

  private final RedisClient jedis;
  private final String acquireSha;
  private final String releaseSha;
  private final String lease = Long.toString(LEASE.toMillis());

  /** Connects to {@code redis}. */
  public RawFencedFloor(RedisEndpoint redis) {
    this.jedis = RedisClient.create(redis.host(), redis.port());
    this.acquireSha = jedis.scriptLoad(ACQUIRE);
    this.releaseSha = jedis.scriptLoad(COMPARE_AND_DELETE);
  }

  @Override
  public HeldLock tryAcquire(String key) {
    String owner = UUID.randomUUID().toString();
    List<String> keys = List.of(key, key + ":fence");
    if ((Long) jedis.evalsha(acquireSha, keys, List.of(owner, lease)) == 0L) {
      return null;
    }
    return () -> jedis.evalsha(releaseSha, List.of(key), List.of(owner));
  }

  @Override
  public void close() {
    jedis.close();
  }
}
