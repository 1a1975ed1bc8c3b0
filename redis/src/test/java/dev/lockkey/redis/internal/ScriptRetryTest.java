package dev.lockkey.redis.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.internal.Housekeeper;
import dev.lockkey.internal.OwnerTokens;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.redis.RedisAwait;
import dev.lockkey.redis.RedisUnavailableException;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.RedisFixture;
import dev.lockkey.testing.TcpProxy;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.UnifiedJedis;

/**
 * Issue 11, defect 1 on a single server: each mutating script run twice with the same arguments,
 * as a client's retry after a timeout runs it when the node was only slow, answers the same both
 * times; and an acquire whose outcome is unknown leaves no lock of an owner nobody knows.
 * Defect 8: a release leaves the fence for the grace only.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ScriptRetryTest {
  private static final Keyspace KEYSPACE = Keyspace.of("test");
  private static final Duration CENTURY = LockOptions.MAX_LEASE_TIME;

  private final UnifiedJedis redis = RedisFixture.shared().newClient();
  private final LockCommands commands = new LockCommands(JedisConnection.of(redis));

  @AfterEach
  void close() {
    redis.close();
  }

  private static LockNames names() {
    return LockNames.of(KEYSPACE, LockOptions.DEFAULT_PURPOSE, SampleKey.unique());
  }

  @Test
  void anAcquireRunTwiceTakesTheLockOnceWithTheFencingTokenItWrote() {
    LockNames lock = names();
    String owner = OwnerTokens.next();

    LockCommands.Attempt first = commands.acquire(List.of(lock), owner, Duration.ofSeconds(30));
    LockCommands.Attempt second = commands.acquire(List.of(lock), owner, Duration.ofSeconds(30));

    assertThat(first.acquired()).isTrue();
    assertThat(second.acquired()).as("the retry finds its own owner token").isTrue();
    assertThat(second.tokens()).containsExactly(first.tokens());
    assertThat(redis.get(lock.fence())).isEqualTo(Long.toString(first.tokens()[0]));
    assertThat(commands.acquire(List.of(lock), OwnerTokens.next(), Duration.ofSeconds(30)).acquired())
        .as("another owner still finds it held").isFalse();
  }

  @Test
  void severalLocksAcquiredTwiceTogetherKeepTheirTokens() {
    SampleKey key = SampleKey.unique();
    List<LockNames> locks = List.of(LockNames.of(KEYSPACE, "lock", key), LockNames.of(KEYSPACE, "other", key));
    String owner = OwnerTokens.next();

    long[] first = commands.acquire(locks, owner, Duration.ofSeconds(30)).tokens();
    long[] second = commands.acquire(locks, owner, Duration.ofSeconds(30)).tokens();

    assertThat(second).containsExactly(first);
  }

  @Test
  void aReleaseRunTwiceAnswersReleasedTwiceAndLeavesTheFenceForTheGraceOnly() {
    LockNames lock = names();
    String owner = OwnerTokens.next();
    commands.acquire(List.of(lock), owner, CENTURY);

    assertThat(commands.release(List.of(lock), owner)).containsExactly(true);
    assertThat(commands.release(List.of(lock), owner)).as("the retry: already done by me").containsExactly(true);

    assertThat(redis.exists(lock.lock())).isFalse();
    assertThat(redis.pttl(lock.fence())).as("defect 8: not the 100 years of the lease")
        .isBetween(1L, LockCommands.FENCE_GRACE.toMillis());
    assertThat(commands.release(List.of(lock), OwnerTokens.next())).as("someone else's release").containsExactly(false);
  }

  @Test
  void aLateCopyOfAnAcquireAfterItsReleaseTakesNothing() {
    LockNames lock = names();
    String owner = OwnerTokens.next();
    commands.acquire(List.of(lock), owner, Duration.ofSeconds(30));
    commands.release(List.of(lock), owner);

    LockCommands.Attempt late = commands.acquire(List.of(lock), owner, Duration.ofSeconds(30));

    assertThat(late.acquired()).isFalse();
    assertThat(redis.exists(lock.lock())).isFalse();
  }

  @Test
  void aHandoffRunTwicePassesOnceWithOneToken() {
    LockNames lock = names();
    String owner = OwnerTokens.next();
    String next = OwnerTokens.next();
    commands.acquire(List.of(lock), owner, CENTURY);

    LockCommands.HandoffResult first = commands.handoff(lock, owner, next, Duration.ofSeconds(30), false, false);
    LockCommands.HandoffResult second = commands.handoff(lock, owner, next, Duration.ofSeconds(30), false, false);

    assertThat(first.outcome()).isEqualTo(LockCommands.Handoff.PASSED);
    assertThat(first.held()).isEqualTo(Duration.ofSeconds(30));
    assertThat(second.outcome()).isEqualTo(first.outcome());
    assertThat(second.token()).isEqualTo(first.token());
    assertThat(second.held()).as("what the new owner still holds, as the retry finds it")
        .isBetween(Duration.ofMillis(redis.pttl(lock.lock())), first.held());
    assertThat(redis.get(lock.lock())).isEqualTo(next);
    assertThat(redis.pttl(lock.fence())).isLessThanOrEqualTo(Duration.ofSeconds(30).plus(LockCommands.FENCE_GRACE).toMillis());
  }

  @Test
  void aHandoffReleasingForOthersRunTwiceReleasesOnce() {
    LockNames lock = names();
    String owner = OwnerTokens.next();
    commands.acquire(List.of(lock), owner, CENTURY);
    assertThat(commands.acquire(List.of(lock), OwnerTokens.next(), CENTURY).acquired()).as("a waiter elsewhere").isFalse();

    LockCommands.HandoffResult first = commands.handoff(lock, owner, OwnerTokens.next(), Duration.ofSeconds(30), true, false);
    LockCommands.HandoffResult second = commands.handoff(lock, owner, OwnerTokens.next(), Duration.ofSeconds(30), true, false);

    assertThat(first.outcome()).isEqualTo(LockCommands.Handoff.RELEASED_FOR_OTHERS);
    assertThat(second.outcome()).isEqualTo(LockCommands.Handoff.RELEASED_FOR_OTHERS);
    assertThat(redis.pttl(lock.fence())).as("the predecessor's fence: the grace").isBetween(1L, LockCommands.FENCE_GRACE.toMillis());
  }

  @Test
  void anExtendRunTwiceExtendsTwiceAndAnswersHeldTwice() {
    LockNames lock = names();
    String owner = OwnerTokens.next();
    commands.acquire(List.of(lock), owner, Duration.ofSeconds(1));

    assertThat(commands.extend(List.of(lock), owner, Duration.ofSeconds(30))).containsExactly(true);
    assertThat(commands.extend(List.of(lock), owner, Duration.ofSeconds(30))).containsExactly(true);
    assertThat(redis.pttl(lock.lock())).isGreaterThan(Duration.ofSeconds(20).toMillis());
  }

  @Test
  void aDedupeMarkRunTwiceWithOneTokenIsFirstBothTimes() {
    LuaScript mark = LuaScript.load("dedupe-mark");
    String key = KEYSPACE.fullKey("dedupe", SampleKey.unique());
    String token = OwnerTokens.next();

    assertThat(mark.run(JedisConnection.of(redis), List.of(key), List.of(token, "60000"))).isEqualTo(1L);
    assertThat(mark.run(JedisConnection.of(redis), List.of(key), List.of(token, "60000"))).isEqualTo(1L);
    assertThat(mark.run(JedisConnection.of(redis), List.of(key), List.of(OwnerTokens.next(), "60000"))).as("another call").isEqualTo(0L);
  }

  @Test
  void anAcquireThatTimedOutAfterRunningIsCleanedUpOnceRedisAnswers() throws Exception {
    try (RedisFixture server = RedisFixture.startLocal();
        TcpProxy proxy = TcpProxy.start(server.node().address());
        RedisClient slow = RedisClient.builder().hostAndPort(proxy.address())
            .clientConfig(DefaultJedisClientConfig.builder().socketTimeoutMillis(100).build()).build();
        RedisClient direct = server.newClient()) {
      try (Housekeeper background = Housekeeper.start("test-")) {
        LockCommands timingOut = new LockCommands(JedisConnection.of(slow), LockCommands.FENCE_GRACE, 0, Duration.ZERO, background);
        LockNames lock = names();
        LockNames othersLock = names();
        String other = OwnerTokens.next();
        assertThat(new LockCommands(JedisConnection.of(direct)).acquire(List.of(othersLock), other, Duration.ofSeconds(30)).acquired())
            .isTrue();
        slow.ping(); // connected before the latency
        proxy.latency(TcpProxy.Direction.REPLIES, Duration.ofMillis(300));

        String owner = OwnerTokens.next();
        assertThatThrownBy(() -> timingOut.acquire(List.of(lock), owner, Duration.ofSeconds(30)))
            .isInstanceOf(RedisUnavailableException.class);
        assertThat(direct.exists(lock.fence())).as("the script ran (only the reply was late)").isTrue();
        // a timed-out acquire of the other owner's lock: its clean-up must leave that lock alone
        assertThatThrownBy(() -> timingOut.acquire(List.of(othersLock), owner, Duration.ofSeconds(30)))
            .isInstanceOf(RedisUnavailableException.class);

        proxy.heal();
        RedisAwait.until("the clean-up released the lock", Duration.ofSeconds(10), () -> !direct.exists(lock.lock()));
        Thread.sleep(300); // the clean-ups of both attempts had their turn
        assertThat(direct.get(othersLock.lock())).as("nothing of someone else's deleted").isEqualTo(other);
        assertThat(new LockCommands(JedisConnection.of(direct)).acquire(List.of(lock), OwnerTokens.next(), Duration.ofSeconds(30)).acquired())
            .as("the key is free").isTrue();
      }
    }
  }

  @Test
  void aCleanUpThatFoundNothingStopsALateCopyOfTheAcquire() {
    LockNames lock = names();
    String owner = OwnerTokens.next();

    commands.cleanUp(List.of(lock), owner, Duration.ofSeconds(30)); // the acquire had not arrived yet

    assertThat(commands.acquire(List.of(lock), owner, Duration.ofSeconds(30)).acquired())
        .as("the late copy takes nothing").isFalse();
    assertThat(redis.exists(lock.lock())).isFalse();
    assertThat(commands.acquire(List.of(lock), OwnerTokens.next(), Duration.ofSeconds(30)).acquired())
        .as("others take it").isTrue();
  }

  @Test
  void aCleanUpGoesOnInTheBackgroundWhileRedisFails() throws Exception {
    try (RedisFixture server = RedisFixture.startLocal();
        TcpProxy proxy = TcpProxy.start(server.node().address());
        RedisClient viaProxy = RedisClient.builder().hostAndPort(proxy.address())
            .clientConfig(DefaultJedisClientConfig.builder().socketTimeoutMillis(200).connectionTimeoutMillis(200).build())
            .build();
        RedisClient direct = server.newClient()) {
      try (Housekeeper background = Housekeeper.start("test-")) {
        LockNames lock = names();
        String owner = OwnerTokens.next();
        assertThat(new LockCommands(JedisConnection.of(direct)).acquire(List.of(lock), owner, Duration.ofSeconds(30)).acquired()).isTrue();
        proxy.cut();

        new LockCommands(JedisConnection.of(viaProxy), LockCommands.FENCE_GRACE, 0, Duration.ZERO, background).cleanUp(List.of(lock), owner,
            Duration.ofSeconds(30));
        assertThat(direct.get(lock.lock())).as("Redis was not reached").isEqualTo(owner);

        proxy.heal();
        RedisAwait.until("the background clean-up released the lock", Duration.ofSeconds(10),
            () -> !direct.exists(lock.lock()));
      }
    }
  }
}
