package dev.lockkey.redis.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.redis.RedisAwait;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.LockKeyTest;
import dev.lockkey.testing.TestRedis;
import java.time.Duration;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.RedisClient;

/**
 * Issue 26, defect 1: a handover read late, with less than a third of its claim left, is extended
 * from what is left of the claim and keeps the lock (before: its watchdog woke a third of the whole
 * claim after the grant, found it run out, and declared it lost without sending the extension,
 * though Redis held it until then). On a real redis-server; no renewal, so only the claim's own
 * first extension raises it.
 */
@LockKeyTest
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ClaimDeadlineTest {
  private static final LockOptions NO_RENEWAL = WaitingScenes.NO_RENEWAL;
  /** The claim a waiter counts locally from its attempt. */
  private static final Duration CLAIM = RemoteWaiters.ENTRY_TTL.minus(Acquisition.CLAIM_MARGIN);
  /** How long after its attempt the stalled waiter reads the handover: about 580 ms of its claim are left then. */
  private static final Duration READ_LATE = CLAIM.minusMillis(580);
  private static final Duration BOUND = WaitingScenes.BOUND;

  @Test
  void aHandoverReadWithLessThanAThirdOfItsClaimLeftIsExtendedInTimeAndNotLost(TestRedis redis) throws Exception {
    Keyspace keyspace = Keyspace.of(redis.env());
    RedisClient stats = redis.newClient();
    ContentionStall stall = new ContentionStall();
    SampleKey key = SampleKey.unique();
    LockNames names = LockNames.of(keyspace, LockOptions.DEFAULT_PURPOSE, key);
    try (RedisLockExecutor holder = RedisLockExecutor.create(JedisConnection.of(redis.newClient()), keyspace);
        RedisLockExecutor waiter = RedisLockExecutor.builder(JedisConnection.of(redis.newClient()), keyspace).listener(stall).build();
        WaitingScenes scenes = new WaitingScenes(stats, NO_RENEWAL)) {
      scenes.hearReleases(holder, waiter, key, names); // the stalled waiter's message then waits for it
      boolean lateInClaim = false;
      // the stalled thread may be descheduled further (a loaded machine): then try again
      for (int round = 0; round < 4 && !lateInClaim; round++) {
        RedisAwait.until("the waiter's executor still hears the lock's channel", BOUND,
            () -> scenes.subscribers(names) == 1);
        Lease held = holder.acquire(key, NO_RENEWAL);
        Future<Lease> waited = scenes.submit(() -> {
          stall.stallNextUntil(System.nanoTime() + READ_LATE.toNanos());
          return waiter.acquire(key, NO_RENEWAL);
        });
        RedisAwait.until("the waiter queued", BOUND, () -> stats.zcard(names.waiters()) == 1);
        assertThat(held.release()).isTrue(); // hands the lock over while the waiter stalls

        Lease taken = waited.get(BOUND.toSeconds(), TimeUnit.SECONDS);
        long serverMillis = stats.pttl(names.lock());
        long leftNanos = taken.remainingNanos();
        assertThat(leftNanos).as("the local deadline never outlives the server's")
            .isLessThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(serverMillis + 1));
        lateInClaim = leftNanos < CLAIM.toNanos() / 3; // a claim, taken later than a third before its end
        RedisAwait.until("the first extension raised the claim, or the claim is long over", BOUND,
            () -> WaitingScenes.raisedOrLongOver(taken));
        assertThat(taken.isLost()).as("lost before its first extension (round " + round + ", "
            + TimeUnit.NANOSECONDS.toMillis(leftNanos) + " ms of claim left when taken)").isFalse();
        assertThat(stats.pttl(names.lock())).as("raised in Redis").isGreaterThan(RemoteWaiters.ENTRY_TTL.toMillis());
        assertThat(taken.release()).isTrue();
      }
      assertThat(lateInClaim).as("in some round the handover was taken with less than a third of its claim left")
          .isTrue();
    }
  }
}
