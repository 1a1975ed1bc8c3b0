package dev.lockkey.benchmarks.footprint;

import dev.lockkey.benchmarks.lock.HeldLock;
import dev.lockkey.benchmarks.lock.LockContender;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * Counts what a contender leaves behind: starting from an empty database it acquires and releases
 * a number of distinct keys (as a service does for different orders, say), then lists the keys
 * still there, right away and after a settle time. A lock that cleans up leaves nothing; bounded
 * bookkeeping shows as a count that does not grow with cycles.
 */
public final class FootprintProbe {
  private static final int EXAMPLES = 3;
  private static final long NO_TTL = -1;

  private FootprintProbe() {}

  /**
   * Measures {@code locks} with {@code admin} as the counting connection (same database).
   *
   * @throws IllegalStateException when an uncontended key cannot be acquired
   */
  public static FootprintResult measure(
      LockContender locks, UnifiedJedis admin, String keyPrefix, int cycles, Duration settle)
      throws InterruptedException {
    admin.flushDB();
    for (int i = 0; i < cycles; i++) {
      String key = keyPrefix + ":" + i;
      HeldLock held = locks.tryAcquire(key);
      if (held == null) {
        throw new IllegalStateException("uncontended key " + key + " was held");
      }
      held.release();
    }
    List<String> keys = allKeys(admin);
    long longestTtl = 0;
    for (String key : keys) {
      long ttl = admin.pttl(key);
      if (ttl == NO_TTL) {
        longestTtl = NO_TTL;
        break;
      }
      longestTtl = Math.max(longestTtl, ttl);
    }
    Thread.sleep(settle.toMillis());
    Map<String, Long> afterSettle = new TreeMap<>();
    for (String key : allKeys(admin)) {
      int colon = key.indexOf(':');
      afterSettle.merge(colon < 0 ? key : key.substring(0, colon), 1L, Long::sum);
    }
    return new FootprintResult(
        cycles,
        keys.size(),
        afterSettle,
        longestTtl,
        List.copyOf(keys.subList(0, Math.min(EXAMPLES, keys.size()))));
  }

  private static List<String> allKeys(UnifiedJedis admin) {
    List<String> keys = new ArrayList<>();
    String cursor = ScanParams.SCAN_POINTER_START;
    ScanParams params = new ScanParams().count(1000);
    do {
      ScanResult<String> page = admin.scan(cursor, params);
      keys.addAll(page.getResult());
      cursor = page.getCursor();
    } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
    keys.sort(null);
    return keys;
  }
}
