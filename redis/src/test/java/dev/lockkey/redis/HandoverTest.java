package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.internal.LockCommands;
import dev.lockkey.redis.internal.LockNames;
import dev.lockkey.testing.Isolation;
import dev.lockkey.testing.LockKeyTest;
import dev.lockkey.testing.TcpProxy;
import dev.lockkey.testing.TestRedis;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.RedisClient;

/**
 * A release that hands the lock to a waiter of another executor tells it the fencing token and
 * the queue entry its claim came from, so the waiter holds the lock without another round trip; its
 * first extension raises the claim to the lease, with or without renewal. On a server of the
 * test's own, so that INFO commandstats counts only these executors' commands.
 */
@LockKeyTest(isolation = Isolation.SERVER)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class HandoverTest {
  /** No watchdog: only the claim's own first extension raises it. */
  private static final LockOptions NO_RENEWAL = LockOptions.builder()
      .leaseTime(Duration.ofMinutes(2)).waitTime(Duration.ofSeconds(60)).renewal(false).build();
  /** How long a queue entry lives past its waiter's last attempt, and so a claim at most. */
  private static final Duration ENTRY_TTL = LockCommands.CONTENDED_MARKER_TTL;

  private final ExecutorService threads = Executors.newCachedThreadPool();

  @AfterEach
  void stop() throws InterruptedException {
    threads.shutdownNow();
    threads.awaitTermination(10, TimeUnit.SECONDS);
  }

  @Test
  void aHandedOverLeaseNeedsNoRoundTripItsLocalDeadlineStaysWithinTheClaimAndItsFirstExtensionRaisesIt(
      TestRedis redis) throws Exception {
    Keyspace keyspace = Keyspace.of(redis.env());
    RedisClient stats = redis.newClient();
    try (RedisLockExecutor holder = RedisLockExecutor.create(JedisConnection.of(redis.newClient()), keyspace);
        RedisLockExecutor waiter = RedisLockExecutor.create(JedisConnection.of(redis.newClient()), keyspace)) {
      boolean releaseAlone = false;
      // a poll of the waiter (every 0.25 to 0.5 s) may fall between the counts: then try again
      for (int round = 0; round < 5 && !releaseAlone; round++) {
        SampleKey key = SampleKey.unique();
        LockNames names = LockNames.of(keyspace, LockOptions.DEFAULT_PURPOSE, key);
        Lease held = holder.acquire(key, NO_RENEWAL);
        Future<Lease> waited = threads.submit(() -> waiter.acquire(key, NO_RENEWAL));
        RedisAwait.until("the waiter queued and subscribed", Duration.ofSeconds(20),
            () -> stats.zcard(names.waiters()) == 1 && subscribers(stats, names.channel()) == 1);
        long before = scriptCalls(stats);

        assertThat(held.release()).isTrue();
        Lease taken = waited.get(20, TimeUnit.SECONDS);

        releaseAlone = scriptCalls(stats) - before == 1;
        long serverMillis = stats.pttl(names.lock());
        long localAfterNanos = taken.remainingNanos();
        assertThat(stats.get(names.lock())).as("the waiter owns the lock in Redis").isEqualTo(taken.ownerToken());
        assertThat(taken.fencingToken()).as("tokens rising").isGreaterThan(held.fencingToken());
        if (localAfterNanos < ENTRY_TTL.toNanos()) { // still the claim after the server answered
          assertThat(localAfterNanos).as("the local deadline never outlives the server's claim")
              .isLessThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(serverMillis + 1));
        }
        RedisAwait.until("the claim raised to the lease by the first extension", Duration.ofSeconds(20),
            () -> stats.pttl(names.lock()) > ENTRY_TTL.toMillis() && taken.remainingNanos() > ENTRY_TTL.toNanos()
                && !taken.isRenewing()); // without renewal, nothing is scheduled after that extension
        assertThat(taken.isLost()).isFalse();
        assertThat(taken.release()).isTrue();
      }
      assertThat(releaseAlone).as("in some round the release was the only script between queueing and holding")
          .isTrue();
    }
  }

  @Test
  void aWaiterCutOffWhenTheLockIsHandedToItBlocksTheNextOnlyForItsClaim(TestRedis redis) throws Exception {
    Keyspace keyspace = Keyspace.of(redis.env());
    RedisClient stats = redis.newClient();
    TcpProxy cable = redis.newProxy();
    SampleKey key = SampleKey.unique();
    LockNames names = LockNames.of(keyspace, LockOptions.DEFAULT_PURPOSE, key);
    try (RedisLockExecutor holder = RedisLockExecutor.create(JedisConnection.of(redis.newClient()), keyspace);
        RedisLockExecutor cutOff = RedisLockExecutor.create(JedisConnection.of(redis.newClient(cable)), keyspace);
        RedisLockExecutor next = RedisLockExecutor.create(JedisConnection.of(redis.newClient()), keyspace)) {
      Lease held = holder.acquire(key, NO_RENEWAL);
      Future<Lease> first = threads.submit(() -> cutOff.acquire(key, NO_RENEWAL));
      RedisAwait.until("the first waiter queued and subscribed", Duration.ofSeconds(20),
          () -> stats.zcard(names.waiters()) == 1 && subscribers(stats, names.channel()) == 1);
      Future<Lease> second = threads.submit(() -> next.acquire(key, NO_RENEWAL));
      RedisAwait.until("the second waiter queued behind it", Duration.ofSeconds(20),
          () -> stats.zcard(names.waiters()) == 2);
      cable.blackHole(); // the first waiter's process hangs: it hears no handover and raises no claim

      assertThat(held.release()).isTrue();
      List<?> afterRelease = (List<?>) stats.eval(
          "return {redis.call('GET', KEYS[1]) or false, redis.call('PTTL', KEYS[1])}", List.of(names.lock()), List.of());

      Lease taken = second.get(30, TimeUnit.SECONDS); // the lease is two minutes: only the claim ran out
      if (!taken.ownerToken().equals(afterRelease.get(0))) { // (a stalled test thread may see it taken already)
        assertThat((Long) afterRelease.get(1)).as("handed to the first waiter for its claim only")
            .isBetween(1L, ENTRY_TTL.toMillis());
      }
      assertThat(taken.fencingToken()).isGreaterThan(held.fencingToken());
      assertThat(stats.get(names.lock())).isEqualTo(taken.ownerToken());
      assertThat(taken.release()).isTrue();
      assertThatThrownBy(() -> first.get(30, TimeUnit.SECONDS)).as("the cut-off waiter never held it")
          .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(RedisUnavailableException.class);
    }
  }

  /** How many connections subscribe to {@code channel} (PUBSUB NUMSUB). */
  private static long subscribers(RedisClient redis, String channel) {
    List<?> reply = (List<?>) redis.sendCommand(Protocol.Command.PUBSUB, "NUMSUB", channel);
    return (Long) reply.get(1);
  }

  /** EVALSHA and EVAL calls so far, from INFO commandstats. */
  private static long scriptCalls(RedisClient redis) {
    long calls = 0;
    Matcher stat = Pattern.compile("cmdstat_(evalsha|eval):calls=(\\d+)").matcher(redis.info("commandstats"));
    while (stat.find()) {
      calls += Long.parseLong(stat.group(2));
    }
    return calls;
  }
}
