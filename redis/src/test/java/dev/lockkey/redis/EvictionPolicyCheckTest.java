package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockListener;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.RedisClusterFixture;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.UnifiedJedis;

/**
 * The check of Redis' eviction policy when an executor starts: a policy that can evict locks is
 * warned about once, through the log and the listener; one that cannot is reported safe; a user
 * who may not read the configuration gets no warning and no failure.
 */
class EvictionPolicyCheckTest {
  private static final Duration BOUND = Duration.ofSeconds(10);

  /** Held here: java.util.logging keeps its loggers only weakly. */
  private final Logger log = Logger.getLogger(RedisLockExecutor.class.getName());
  private final List<LogRecord> records = new CopyOnWriteArrayList<>();
  private final List<String> warnings = new CopyOnWriteArrayList<>();
  private final LockListener listener = new LockListener() {
    @Override
    public void onUnsafeConfiguration(String warning) {
      warnings.add(warning);
    }
  };
  private final Handler recorder = new Handler() {
    @Override
    public void publish(LogRecord record) {
      records.add(record);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };
  private Level levelBefore;

  @BeforeEach
  void recordTheLog() {
    levelBefore = log.getLevel();
    log.setLevel(Level.ALL); // System.Logger's DEBUG is FINE here
    recorder.setLevel(Level.ALL);
    log.addHandler(recorder);
  }

  @AfterEach
  void stopRecording() {
    log.removeHandler(recorder);
    log.setLevel(levelBefore);
  }

  @Test
  void aPolicyThatCanEvictLocksIsWarnedAboutOnce() {
    try (RedisFixture redis = RedisFixture.startLocal(); RedisClient client = redis.newClient()) {
      redis.node().limitMemory("4mb", "volatile-ttl");
      try (RedisLockExecutor locks = executor(client)) {
        RedisAwait.until("checked", BOUND, () -> locks.stats().evictionPolicySafe() != EvictionSafety.UNKNOWN);
        assertThat(locks.stats().evictionPolicySafe()).isEqualTo(EvictionSafety.UNSAFE);
        assertThat(warnings).singleElement().asString()
            .contains("maxmemory-policy volatile-ttl", "maxmemory 4194304", "Set maxmemory-policy noeviction",
                "a Redis of their own");
        assertThat(records).filteredOn(record -> record.getLevel() == Level.WARNING)
            .singleElement().extracting(LogRecord::getMessage).isEqualTo(warnings.get(0));
      }
    }
  }

  @Test
  void oneEvictingNodeOfAClusterIsFound() {
    try (RedisClusterFixture cluster = RedisClusterFixture.builder().masters(2).start();
        RedisClusterClient client = cluster.newClient()) {
      HostAndPort evicting = cluster.masters().get(1);
      cluster.node(evicting).limitMemory("1gb", "allkeys-lru");
      try (RedisLockExecutor locks = executor(client)) {
        RedisAwait.until("checked", BOUND, () -> locks.stats().evictionPolicySafe() != EvictionSafety.UNKNOWN);
        assertThat(locks.stats().evictionPolicySafe()).isEqualTo(EvictionSafety.UNSAFE);
        assertThat(warnings).singleElement().asString()
            .contains("node " + evicting + " (maxmemory-policy allkeys-lru")
            .doesNotContain("node " + cluster.masters().get(0));
      }
    }
  }

  @Test
  void noEvictionOrNoMemoryLimitIsSafe() {
    try (RedisFixture redis = RedisFixture.startLocal(); RedisClient client = redis.newClient()) {
      try (RedisLockExecutor locks = executor(client)) { // the defaults: maxmemory 0
        RedisAwait.until("checked", BOUND, () -> locks.stats().evictionPolicySafe() != EvictionSafety.UNKNOWN);
        assertThat(locks.stats().evictionPolicySafe()).isEqualTo(EvictionSafety.SAFE);
      }
      redis.node().limitMemory("4mb", "noeviction");
      try (RedisLockExecutor locks = executor(client)) {
        RedisAwait.until("checked", BOUND, () -> locks.stats().evictionPolicySafe() != EvictionSafety.UNKNOWN);
        assertThat(locks.stats().evictionPolicySafe()).isEqualTo(EvictionSafety.SAFE);
      }
      assertThat(warnings).isEmpty();
      assertThat(records).noneMatch(record -> record.getLevel().intValue() > Level.FINE.intValue());
    }
  }

  @Test
  void aUserWhoMayNotReadTheConfigurationGetsNoWarningAndNoFailure() {
    try (RedisFixture redis = RedisFixture.startLocal()) {
      redis.node().limitMemory("4mb", "volatile-ttl"); // unsafe, but this user cannot know
      try (Jedis admin = new Jedis(redis.node().address())) {
        admin.aclSetUser("app", "on", ">app-password", "~*", "&*", "+@all", "-config");
      }
      try (RedisClient client = RedisClient.builder().hostAndPort(redis.node().address())
              .clientConfig(DefaultJedisClientConfig.builder().user("app").password("app-password").build()).build();
          RedisLockExecutor locks = executor(client)) {
        RedisAwait.until("the check gave up, at DEBUG", BOUND,
            () -> records.stream().anyMatch(record -> record.getMessage().contains("cannot read the eviction policy")));
        assertThat(locks.stats().evictionPolicySafe()).isEqualTo(EvictionSafety.UNKNOWN);
        assertThat(records).allMatch(record -> record.getLevel() == Level.FINE);
        assertThat(warnings).isEmpty();
        Lease lease = locks.acquire(TestKey.of("order", "acl"));
        assertThat(lease.release()).isTrue();
      }
    }
  }

  private RedisLockExecutor executor(UnifiedJedis client) {
    return RedisLockExecutor.builder(JedisConnection.of(client), Servers.KEYSPACE).listener(listener).build();
  }
}
