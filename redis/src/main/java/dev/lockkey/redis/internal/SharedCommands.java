package dev.lockkey.redis.internal;

import dev.lockkey.redis.connection.RedisClientException;
import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.lock.LockException;
import java.time.Duration;
import java.util.List;

/**
 * The Redis operations on locks with several holders (permits, read/write locks): one Lua script
 * each, one round trip each, all keys of a call in one hash slot. The only class of these locks
 * that calls Jedis; its failures become {@link LockException}s naming the holders' key. Every
 * script recognises a second run of itself by the owner token. Not API. Thread-safe.
 */
final class SharedCommands {
  private static final LuaScript ACQUIRE = LuaScript.load("shared-acquire");
  private static final LuaScript RELEASE = LuaScript.load("shared-release");
  private static final LuaScript EXTEND = LuaScript.load("shared-extend");

  /** What an attempt found: taken (with its fencing token), or not (with a hint when to look again). */
  record Attempt(boolean taken, long token, long hintMillis) {}

  private final RedisConnection redis;
  private final Duration fenceGrace;

  SharedCommands(RedisConnection redis, Duration fenceGrace) {
    this.redis = redis;
    this.fenceGrace = fenceGrace;
  }

  /**
   * One attempt to take a share for {@code owner}; with {@code queue}, a caller not admitted keeps
   * (or takes) its place in the key's queue for {@code entryLife}. With {@code downgradeFrom} (a
   * writer's owner token, else {@code null}) a read share replaces that write lock, keeping its token.
   *
   * @return the attempt, or {@code null} when a downgrade found the write lock gone
   */
  Attempt acquire(SharedNames names, String owner, SharedKind kind, int permits, Duration lease, boolean queue,
      Duration entryLife, String downgradeFrom) {
    List<?> reply = (List<?>) run(ACQUIRE, names, List.of(owner, kind.arg, Integer.toString(permits),
        millis(lease), millis(fenceGrace), queue ? "1" : "0", millis(entryLife),
        downgradeFrom == null ? "" : downgradeFrom));
    long outcome = (Long) reply.get(0);
    if (outcome < 0) {
      return null;
    }
    return outcome == 1 ? new Attempt(true, (Long) reply.get(1), 0) : new Attempt(false, 0, (Long) reply.get(1));
  }

  /**
   * Releases {@code owner}'s share and wakes the waiters that can get in now; with {@code giveUp},
   * also takes {@code owner} out of the queue (a waiter that stops waiting, or the clean-up after
   * an attempt whose outcome is unknown).
   *
   * @return whether {@code owner} held the share
   */
  boolean release(SharedNames names, String owner, SharedKind kind, int permits, boolean giveUp) {
    return (Long) run(RELEASE, names, List.of(owner, kind.arg, Integer.toString(permits),
        millis(LockCommands.RETRY_MEMORY), names.channel(), giveUp ? "1" : "0")) == 1;
  }

  /** Sets {@code owner}'s share to end {@code lease} from now; whether it was still held. */
  boolean extend(SharedNames names, String owner, Duration lease) {
    return (Long) run(EXTEND, names, List.of(owner, millis(lease), millis(fenceGrace))) == 1;
  }

  private Object run(LuaScript script, SharedNames names, List<String> args) {
    try {
      return script.run(redis, names.keys(), args);
    } catch (RedisClientException e) {
      throw RedisFailures.translate(names.holders(), e);
    }
  }

  private static String millis(Duration duration) {
    return Long.toString(duration.toMillis());
  }
}
