package dev.lockkey.reliability;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import java.util.List;
import redis.clients.jedis.UnifiedJedis;

/**
 * The resource that a lock guards, as fencing tokens expect it to behave: it accepts a write only
 * when the write's token is strictly greater than the last token it accepted for that key, so a
 * holder whose lease ran out (a pause, a failover) cannot overwrite the next holder's work. Equal
 * tokens are refused too: two holders never share a token.
 *
 * <p>It lives in Redis, so that every process of a test shares it: one hash per key at
 * {@code resource:<env>:{<body>}} holding the last accepted {@code token} and its {@code writer},
 * compared and set by one Lua script. Point it at another server than the locks' when a test
 * restarts or fails over the lock server: a real resource keeps its state through that.
 * Thread-safe.
 */
public final class FencedStore {
  /** Compares as Lua numbers: exact, since tokens (microseconds since 1970) stay below 2^53. */
  private static final String WRITE = """
      local last = tonumber(redis.call('HGET', KEYS[1], 'token')) or 0
      if tonumber(ARGV[1]) > last then
        redis.call('HSET', KEYS[1], 'token', ARGV[1], 'writer', ARGV[2])
        redis.call('PEXPIRE', KEYS[1], ARGV[3])
        return {1, last}
      end
      return {0, last}
      """;
  /** A test resource need not outlive the test run; a real one keeps its last token for good. */
  private static final String TTL_MILLIS = Long.toString(3_600_000);

  private final UnifiedJedis jedis;
  private final Keyspace keyspace;

  /** A store in {@code jedis} for the keys of {@code keyspace}. */
  public FencedStore(UnifiedJedis jedis, Keyspace keyspace) {
    this.jedis = jedis;
    this.keyspace = keyspace;
  }

  /**
   * What a write did.
   *
   * @param accepted whether the token was above the last accepted one, so the write took effect
   * @param previous the last token accepted before this write (0 when none)
   */
  public record Write(boolean accepted, long previous) {}

  /** Writes as {@code writer} with fencing token {@code token}, if the token is the highest yet. */
  public Write write(LockKey key, long token, String writer) {
    List<?> reply = (List<?>) jedis.eval(WRITE, List.of(keyspace.fullKey("resource", key)),
        List.of(Long.toString(token), writer, TTL_MILLIS));
    return new Write((Long) reply.get(0) == 1, (Long) reply.get(1));
  }

  /** The last token accepted for {@code key}, 0 when none. */
  public long lastToken(LockKey key) {
    String token = jedis.hget(keyspace.fullKey("resource", key), "token");
    return token == null ? 0 : Long.parseLong(token);
  }
}
