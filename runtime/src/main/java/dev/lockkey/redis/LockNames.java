package dev.lockkey.redis;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * The Redis names of one lock: every key shares the body's hash tag, so one script may touch them
 * all in a cluster.
 *
 * @param lock {@code lock:{env}:{body}}: the owner token, with the lease as TTL
 * @param fence {@code fence:{env}:{body}}: the last fencing token, kept a grace period past the lease
 * @param contended {@code contended:{env}:{body}}: set briefly by a failed attempt, so that the
 *     holder's release publishes instead of passing the lock within its own executor
 * @param channel {@code released:{env}:{body}}: the pub/sub channel a release publishes on when
 *     someone waits (a channel, not a key)
 */
record LockNames(String lock, String fence, String contended, String channel) {

  static LockNames of(Keyspace keyspace, LockKey key) {
    String body = key.canonical();
    return new LockNames(
        keyspace.fullKey("lock", body),
        keyspace.fullKey("fence", body),
        keyspace.fullKey("contended", body),
        keyspace.fullKey("released", body));
  }

  /** The Redis Cluster slot of all three keys. */
  int slot() {
    return JedisClusterCRC16.getSlot(lock);
  }
}
