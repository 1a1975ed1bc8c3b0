package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.lock.Lease;
import dev.lockkey.testing.RedisFixture;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.UnifiedJedis;

/** The executor contract on one real redis-server (or {@code REDIS_URL}). */
class SingleServerLockExecutorTest extends LockExecutorContract {

  @Override
  protected UnifiedJedis newClient() {
    return RedisFixture.shared().newClient();
  }

  @Override
  protected void onEachPrimary(Consumer<UnifiedJedis> command) {
    command.accept(jedis);
  }

  @Test
  void anUncontendedAcquireAndReleaseTakeOneScriptCallEachAndPublishNothing() {
    RedisLockExecutor locks = executor();
    TestKey key = TestKey.of("order", "round-trips");
    locks.acquire(key).release(); // scripts loaded
    Map<String, Long> before = commandCalls();
    Lease lease = locks.acquire(key);
    Map<String, Long> afterAcquire = commandCalls();
    lease.release();
    Map<String, Long> afterRelease = commandCalls();

    // commandstats also count the commands a script runs (time, set, ...): one EVALSHA is one round trip
    assertThat(difference(before, afterAcquire)).containsEntry("evalsha", 1L).doesNotContainKeys("eval", "publish");
    assertThat(difference(afterAcquire, afterRelease)).containsEntry("evalsha", 1L).doesNotContainKeys("eval", "publish");
  }

  /** Calls per command, from INFO commandstats (without the INFO calls themselves). */
  private Map<String, Long> commandCalls() {
    Map<String, Long> calls = new HashMap<>();
    Matcher stat = Pattern.compile("cmdstat_(\\w+):calls=(\\d+)").matcher(((RedisClient) jedis).info("commandstats"));
    while (stat.find()) {
      calls.put(stat.group(1), Long.parseLong(stat.group(2)));
    }
    calls.remove("info");
    return calls;
  }

  private static Map<String, Long> difference(Map<String, Long> before, Map<String, Long> after) {
    Map<String, Long> difference = new HashMap<>();
    after.forEach((command, calls) -> {
      long more = calls - before.getOrDefault(command, 0L);
      if (more != 0) {
        difference.put(command, more);
      }
    });
    return difference;
  }
}
