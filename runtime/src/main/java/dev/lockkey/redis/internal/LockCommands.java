package dev.lockkey.redis.internal;

import dev.lockkey.lock.LockException;
import dev.lockkey.redis.RedisLockExecutor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The executor's Redis operations on locks: one Lua script each (resources next to the executor),
 * one round trip each. Every call's keys share one hash slot. Jedis failures become
 * {@link LockException}s naming the first lock. Not API. Thread-safe.
 */
public final class LockCommands {
  /** How long fencing state outlives the lease it was last written for; see {@code RedisLockExecutor}. */
  public static final Duration FENCE_GRACE = Duration.ofMinutes(10);
  /**
   * How long a failed attempt's contention marker lives: longer than a waiter's longest fallback
   * poll ({@link Acquisition#MAX_POLL}), so a waiter that keeps polling keeps it alive.
   */
  public static final Duration CONTENDED_MARKER_TTL = Duration.ofSeconds(2);

  private static final LuaScript ACQUIRE = LuaScript.load("acquire");
  private static final LuaScript HANDOFF = LuaScript.load("handoff");
  private static final LuaScript RELEASE = LuaScript.load("release");
  private static final LuaScript EXTEND = LuaScript.load("extend");

  /**
   * What an acquire attempt found.
   *
   * @param tokens the fencing tokens, one per lock, or {@code null} when not acquired
   * @param blocked when not acquired, the index of a lock held by someone else
   * @param pttlMillis when not acquired, how much longer that lock is held (negative: unknown)
   */
  record Attempt(long[] tokens, int blocked, long pttlMillis) {
    boolean acquired() {
      return tokens != null;
    }
  }

  /** What a handoff did. */
  enum Handoff { PASSED, RELEASED_FOR_OTHERS, NOT_OWNER }

  /** A handoff's outcome and, when {@link Handoff#PASSED}, the new holder's fencing token. */
  record HandoffResult(Handoff outcome, long token) {}

  private final UnifiedJedis jedis;
  private final boolean cluster;

  public LockCommands(UnifiedJedis jedis) {
    this.jedis = jedis;
    this.cluster = ClientTopology.isCluster(jedis);
  }

  /** Whether keys of different slots may live on different nodes: then a script must stay in one slot. */
  public boolean isCluster() {
    return cluster;
  }

  /** Takes all the locks for {@code owner}, or none. */
  Attempt acquire(List<LockNames> locks, String owner, Duration lease) {
    List<String> keys = new ArrayList<>(locks.size() * 3);
    for (LockNames lock : locks) {
      keys.add(lock.lock());
      keys.add(lock.fence());
      keys.add(lock.contended());
    }
    List<?> reply = run(ACQUIRE, locks, keys,
        List.of(owner, millis(lease), millis(lease.plus(FENCE_GRACE)), millis(CONTENDED_MARKER_TTL)));
    if (number(reply, 0) == 0) {
      return new Attempt(null, (int) number(reply, 1) - 1, number(reply, 2));
    }
    long[] tokens = new long[locks.size()];
    for (int i = 0; i < tokens.length; i++) {
      tokens[i] = number(reply, i + 1);
    }
    return new Attempt(tokens, -1, 0);
  }

  /** Passes the lock from {@code owner} to {@code newOwner}, unless others wait elsewhere. */
  HandoffResult handoff(LockNames lock, String owner, String newOwner, Duration lease) {
    List<?> reply = run(HANDOFF, List.of(lock), List.of(lock.lock(), lock.fence(), lock.contended()),
        List.of(owner, newOwner, millis(lease), millis(lease.plus(FENCE_GRACE)), lock.channel()));
    long outcome = number(reply, 0);
    if (outcome == 1) {
      return new HandoffResult(Handoff.PASSED, number(reply, 1));
    }
    return new HandoffResult(outcome == 0 ? Handoff.RELEASED_FOR_OTHERS : Handoff.NOT_OWNER, 0);
  }

  /** Deletes the locks {@code owner} still holds; per lock, whether it did. */
  boolean[] release(List<LockNames> locks, String owner) {
    List<String> keys = new ArrayList<>(locks.size() * 2);
    List<String> args = new ArrayList<>(locks.size() + 1);
    args.add(owner);
    for (LockNames lock : locks) {
      keys.add(lock.lock());
      keys.add(lock.contended());
      args.add(lock.channel());
    }
    return flags(run(RELEASE, locks, keys, args));
  }

  /** Sets a new lease on the locks {@code owner} still holds; per lock, whether it did. */
  boolean[] extend(List<LockNames> locks, String owner, Duration lease) {
    List<String> keys = new ArrayList<>(locks.size() * 2);
    for (LockNames lock : locks) {
      keys.add(lock.lock());
      keys.add(lock.fence());
    }
    return flags(run(EXTEND, locks, keys, List.of(owner, millis(lease), millis(lease.plus(FENCE_GRACE)))));
  }

  private List<?> run(LuaScript script, List<LockNames> locks, List<String> keys, List<String> args) {
    try {
      return (List<?>) script.run(jedis, keys, args);
    } catch (JedisException e) {
      throw RedisFailures.translate(locks.get(0).lock(), e);
    }
  }

  private static boolean[] flags(List<?> reply) {
    boolean[] flags = new boolean[reply.size()];
    for (int i = 0; i < flags.length; i++) {
      flags[i] = number(reply, i) == 1;
    }
    return flags;
  }

  private static long number(List<?> reply, int index) {
    return (Long) reply.get(index);
  }

  private static String millis(Duration duration) {
    return Long.toString(duration.toMillis());
  }
}
