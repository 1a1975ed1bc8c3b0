package dev.lockkey.reliability;

import java.util.List;
import java.util.Map;
import redis.clients.jedis.UnifiedJedis;

/**
 * The test's own count of who holds a read/write lock, which the library knows nothing of: a hash
 * {@code test-rw-inside-<env>} of holder to {@code r} or {@code w}, entered and checked by one Lua
 * call. An entry that finds a writer beside anyone counts an overlap ({@code test-rw-overlaps-<env>});
 * the most readers seen inside at once is kept in {@code test-rw-readers-<env>}. Holders are named
 * {@code <pid>-<thread>}, so that the test can take a killed process's out. Thread-safe.
 */
public final class ReadWriteHolders {
  private static final String ENTER = """
      redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
      local readers, writers = 0, 0
      for _, kind in ipairs(redis.call('HVALS', KEYS[1])) do
        if kind == 'w' then writers = writers + 1 else readers = readers + 1 end
      end
      if writers > 1 or (writers == 1 and readers > 0) then redis.call('INCR', KEYS[2]) end
      if readers > (tonumber(redis.call('GET', KEYS[3])) or 0) then redis.call('SET', KEYS[3], readers) end
      return readers
      """;

  private final UnifiedJedis jedis;
  private final String inside;
  private final String overlaps;
  private final String readers;

  /** The count of the test whose key space has the environment word {@code env}, in {@code jedis}. */
  public ReadWriteHolders(UnifiedJedis jedis, String env) {
    this.jedis = jedis;
    this.inside = "test-rw-inside-" + env;
    this.overlaps = "test-rw-overlaps-" + env;
    this.readers = "test-rw-readers-" + env;
  }

  /** {@code who} enters holding the write lock ({@code writer}) or a read share. */
  public void enter(String who, boolean writer) {
    jedis.eval(ENTER, List.of(inside, overlaps, readers), List.of(who, writer ? "w" : "r"));
  }

  /** {@code who} leaves, before it releases. */
  public void exit(String who) {
    jedis.hdel(inside, who);
  }

  /** {@return how many readers are inside now} */
  public long readersInside() {
    return jedis.hvals(inside).stream().filter("r"::equals).count();
  }

  /** Takes out every holder of the process {@code pid} (killed: its leases hold until they run out). */
  public void leaveAll(long pid) {
    for (String who : jedis.hkeys(inside)) {
      if (who.startsWith(pid + "-")) {
        jedis.hdel(inside, who);
      }
    }
  }

  /** {@return who is inside now: holder to {@code r} or {@code w}} */
  public Map<String, String> inside() {
    return jedis.hgetAll(inside);
  }

  /** {@return how many entries found a writer beside someone else} */
  public long overlaps() {
    String count = jedis.get(overlaps);
    return count == null ? 0 : Long.parseLong(count);
  }

  /** {@return the most readers inside at once} */
  public long mostReaders() {
    String count = jedis.get(readers);
    return count == null ? 0 : Long.parseLong(count);
  }

  /** Deletes the test's keys. */
  public void clear() {
    jedis.del(inside, overlaps, readers);
  }
}
