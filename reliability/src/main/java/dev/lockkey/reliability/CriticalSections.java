package dev.lockkey.reliability;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import redis.clients.jedis.UnifiedJedis;

/**
 * Counts who is inside the critical section of a key, in Redis, so that two holders at once show
 * even when they run in different processes: entering increments {@code inside:<env>:{<body>}},
 * leaving decrements it. Thread-safe.
 */
public final class CriticalSections {
  private final UnifiedJedis jedis;
  private final Keyspace keyspace;

  /** Counters in {@code jedis} for the keys of {@code keyspace}. */
  public CriticalSections(UnifiedJedis jedis, Keyspace keyspace) {
    this.jedis = jedis;
    this.keyspace = keyspace;
  }

  /**
   * Enters the critical section of {@code key}.
   *
   * @return whether the caller is alone in it; {@code false} is an overlap of two holders
   */
  public boolean enter(LockKey key) {
    return jedis.incr(keyspace.fullKey("inside", key)) == 1;
  }

  /** Leaves the critical section of {@code key}. */
  public void exit(LockKey key) {
    jedis.decr(keyspace.fullKey("inside", key));
  }
}
