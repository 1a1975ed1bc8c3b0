package dev.lockkey.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockException;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.reliability.specs.StockAdjustmentKey;
import dev.lockkey.testing.RedisFixture;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.exceptions.JedisAccessControlException;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * Redis with ACL users and the default user switched off: the executor works as a user whose
 * rights are exactly what locks need (its keys, its channels, the commands its scripts run); a
 * wrong password fails with a clear exception that shows no password; and the test fixture takes
 * user and password from {@code REDIS_URL} without printing them.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class RedisAclTest {
  private static final String USER = "lockkey";
  private static final String PASSWORD = "Correct-Horse-Battery-Staple-42";
  /**
   * The rights the lock executor needs, and no more: its six keys (two for the queue of waiters), its release channels and the
   * subscriber's anchor channel, its scripts (EVAL the first time, when the server answers
   * NOSCRIPT) and the commands they run, and pub/sub. AUTH and HELLO need no right.
   */
  static final String LOCK_RIGHTS = "resetkeys ~lock:* ~fence:* ~contended:* ~releaser:* ~waiters:* ~waiting:*"
      + " resetchannels &released:* &lockkey:subscriber -@all +evalsha +eval +set +get +del +pexpire +pttl"
      + " +time +publish +zadd +zcard +zrem +zrange +hset +hget +hdel +subscribe +unsubscribe";
  private static final String APP_USER = "app";
  private static final String APP_PASSWORD = "Another-Long-Passphrase-17";

  private static RedisFixture redis;

  @BeforeAll
  static void startServerWithUsers() {
    redis = RedisFixture.startLocal();
    try (Jedis admin = new Jedis(redis.host(), redis.port())) {
      admin.aclSetUser(USER, ("on >" + PASSWORD + " " + LOCK_RIGHTS).split(" "));
      admin.aclSetUser(APP_USER, "on", ">" + APP_PASSWORD, "~*", "&*", "+@all");
      admin.aclSetUser("default", "off"); // from here on, every client must log in
    }
  }

  @AfterAll
  static void stopServer() {
    if (redis != null) {
      redis.close();
    }
  }

  @Test
  void theExecutorLocksAsAUserWithOnlyTheRightsLocksNeed() throws Exception {
    Keyspace keyspace = UniqueKeyspace.of("acl");
    StockAdjustmentKey key = StockAdjustmentKey.of("central", 1);
    try (RedisClient jedis = client(USER, PASSWORD);
        RedisLockExecutor locks = RedisLockExecutor.create(JedisConnection.of(jedis), keyspace);
        RedisLockExecutor rival = RedisLockExecutor.create(JedisConnection.of(jedis), keyspace)) {
      assertThatThrownBy(() -> jedis.set("other:key", "x")).as("the user's rights are restricted")
          .isInstanceOf(JedisDataException.class).hasMessageContaining("NOPERM");
      Lease held = locks.acquire(key);
      Future<Lease> waiting = ForkJoinPool.commonPool().submit(() -> rival.acquire(key));
      String channel = keyspace.fullKey("released", key);
      try (Jedis admin = new Jedis(new HostAndPort(redis.host(), redis.port()),
          DefaultJedisClientConfig.builder().user(APP_USER).password(APP_PASSWORD).build())) {
        Await.until("the waiter subscribed to the release channel", Duration.ofSeconds(10),
            () -> admin.pubsubNumSub(channel).get(channel) == 1);
      }
      assertThat(held.extend(Duration.ofSeconds(30))).isTrue();
      assertThat(held.release()).isTrue();
      Lease next = waiting.get(10, TimeUnit.SECONDS);
      assertThat(next.fencingToken()).isGreaterThan(held.fencingToken());
      assertThat(next.release()).isTrue();
    }
  }

  @Test
  void aWrongPasswordFailsClearlyWithoutShowingAPassword() {
    String wrong = "Wrong-Password-For-Lockkey-99";
    try (RedisClient jedis = client(USER, wrong);
        RedisLockExecutor locks = RedisLockExecutor.create(JedisConnection.of(jedis), UniqueKeyspace.of("acl"))) {
      assertThatThrownBy(() -> locks.tryAcquire(StockAdjustmentKey.of("central", 2)))
          .as("a configuration error, not a transient RedisUnavailableException")
          .isExactlyInstanceOf(LockException.class)
          .hasCauseInstanceOf(JedisAccessControlException.class)
          .hasMessageContaining("WRONGPASS invalid username-password pair")
          .satisfies(failure -> assertThat(stackTrace(failure)).doesNotContain(wrong, PASSWORD));
    }
  }

  @Test
  void theFixtureTakesUserAndPasswordFromRedisUrlAndPrintsNeither() throws Exception {
    String url = "redis://" + APP_USER + ":" + APP_PASSWORD + "@" + redis.host() + ":" + redis.port();
    try (ChildJvm worker = ChildJvm.start(LoadWorker.class, Map.of(RedisFixture.REDIS_URL, url),
        UniqueKeyspace.of("acl").env(), "2", "2", "500")) {
      ReportLine result = worker.awaitLine("RESULT", Duration.ofSeconds(60));
      assertThat(worker.awaitExit(Duration.ofSeconds(30))).as(worker.output()).isZero();

      assertThat(result.number("acquisitions")).isPositive();
      assertThat(result.number("errors")).isZero();
      assertThat(worker.output()).contains("RedisFixture[redis://" + redis.host() + ":" + redis.port())
          .doesNotContain(APP_PASSWORD);
    }
  }

  private static RedisClient client(String user, String password) {
    return RedisClient.builder()
        .hostAndPort(redis.host(), redis.port())
        .clientConfig(DefaultJedisClientConfig.builder()
            .user(user)
            .password(password)
            .connectionTimeoutMillis(2000)
            .socketTimeoutMillis(2000)
            .build())
        .build();
  }

  private static String stackTrace(Throwable failure) {
    StringWriter trace = new StringWriter();
    failure.printStackTrace(new PrintWriter(trace));
    return trace.toString();
  }
}
