package dev.lockkey.reliability;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import java.util.List;
import redis.clients.jedis.UnifiedJedis;

/**
 * A read-modify-write register guarded by fencing tokens, as the randomized fault suite's holders
 * use it: a holder reads the value with its token and writes the next value with the same token.
 * A read raises the register's fence to the token, a write is refused when its token is below the
 * fence, so a holder whose lease ran out can neither write after a later holder wrote nor after a
 * later holder read (that write would be lost to the later one's). Every write, accepted or
 * refused, is appended to the key's history ({@code token prev next writer}), which the checker
 * reads: the accepted writes of a key must form one chain.
 *
 * <p>It lives in a Redis server of its own that no fault touches (a real resource keeps its state
 * through a lock server's restart): one hash {@code register:<env>:{<body>}} with the
 * {@code fence} and the {@code value}, and one list {@code history:<env>:{<body>}}. Thread-safe.
 */
public final class FencedRegister {
  /** Lua numbers are doubles: exact, since tokens (microseconds since 1970) stay below 2^53. */
  private static final String READ = """
      local fence = tonumber(redis.call('HGET', KEYS[1], 'fence')) or 0
      if tonumber(ARGV[1]) > fence then
        redis.call('HSET', KEYS[1], 'fence', ARGV[1])
      end
      return tonumber(redis.call('HGET', KEYS[1], 'value')) or 0
      """;
  private static final String WRITE = """
      local fence = tonumber(redis.call('HGET', KEYS[1], 'fence')) or 0
      local accepted = tonumber(ARGV[1]) >= fence
      if accepted then
        redis.call('HSET', KEYS[1], 'fence', ARGV[1], 'value', ARGV[3])
      end
      redis.call('RPUSH', KEYS[2], (accepted and 'accepted ' or 'refused ') .. ARGV[1] .. ' ' .. ARGV[2] .. ' '
          .. ARGV[3] .. ' ' .. ARGV[4])
      return accepted and 1 or 0
      """;

  private final UnifiedJedis jedis;
  private final Keyspace keyspace;

  /** A register in {@code jedis} for the keys of {@code keyspace}. */
  public FencedRegister(UnifiedJedis jedis, Keyspace keyspace) {
    this.jedis = jedis;
    this.keyspace = keyspace;
  }

  /** Reads the value of {@code key} (0 before the first write), raising its fence to {@code token}. */
  public long read(LockKey key, long token) {
    return (Long) jedis.eval(READ, List.of(registerKey(key)), List.of(Long.toString(token)));
  }

  /** Writes {@code next}, computed from the {@code read} value, as {@code writer}: whether the fence let it. */
  public boolean write(LockKey key, long token, long read, long next, String writer) {
    Object accepted = jedis.eval(WRITE, List.of(registerKey(key), historyKey(key)),
        List.of(Long.toString(token), Long.toString(read), Long.toString(next), writer));
    return (Long) accepted == 1;
  }

  /** Every write to {@code key}, in the order the register took them: {@code accepted|refused token prev next writer}. */
  public List<String> history(LockKey key) {
    return jedis.lrange(historyKey(key), 0, -1);
  }

  private String registerKey(LockKey key) {
    return keyspace.fullKey("register", key);
  }

  private String historyKey(LockKey key) {
    return keyspace.fullKey("history", key);
  }
}
