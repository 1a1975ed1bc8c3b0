package dev.lockkey.redis;

import dev.lockkey.testing.RedisFixture;
import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/** The executor contract on one real redis-server (or {@code REDIS_URL}). */
class SingleServerLockExecutorTest extends LockExecutorContract {

  @Override
  protected UnifiedJedis newClient() {
    return RedisFixture.shared().newClient();
  }

  @Override
  protected List<String> scan(String pattern) {
    return scanAll(jedis, pattern);
  }

  @Override
  protected void flushScripts() {
    ((RedisClient) jedis).scriptFlush();
  }

  /** Every key of one server that matches {@code pattern}. */
  static List<String> scanAll(UnifiedJedis node, String pattern) {
    List<String> keys = new ArrayList<>();
    String cursor = ScanParams.SCAN_POINTER_START;
    do {
      ScanResult<String> page = node.scan(cursor, new ScanParams().match(pattern).count(1000));
      keys.addAll(page.getResult());
      cursor = page.getCursor();
    } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
    return keys;
  }
}
