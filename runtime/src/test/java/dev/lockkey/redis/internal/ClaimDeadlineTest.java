package dev.lockkey.redis.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.redis.RedisAwait;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.SampleKey;
import dev.lockkey.testing.Isolation;
import dev.lockkey.testing.LockKeyTest;
import dev.lockkey.testing.TestRedis;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.RedisClient;

/**
 * Issue 26: a lease handed over from another process never counts on more time than Redis gives
 * its owner, and keeps the lock it was handed. Defect 1: a handover read late, with less than a
 * third of its claim left, is extended from what is left of the claim (before: its watchdog woke a
 * third of the whole claim after the grant, found it run out, and declared it lost without sending
 * the extension). Defect 2: a re-sent handoff that finds its successor holding on a claim grants
 * that claim, not a full lease. On a server of the test's own (the resending client has no
 * password); no renewal, so only a claim's own first extension raises it.
 */
@LockKeyTest(isolation = Isolation.SERVER)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ClaimDeadlineTest {
  private static final LockOptions NO_RENEWAL = LockOptions.builder()
      .leaseTime(Duration.ofMinutes(2)).waitTime(Duration.ofSeconds(60)).renewal(false).build();
  /** How long a queue entry lives past its waiter's last attempt, and so a claim at most. */
  private static final Duration ENTRY_TTL = RemoteWaiters.ENTRY_TTL;
  /** The claim a waiter counts locally from its attempt. */
  private static final Duration CLAIM = ENTRY_TTL.minus(Acquisition.CLAIM_MARGIN);
  /** How long after its attempt the stalled waiter reads the handover: about 580 ms of its claim are left then. */
  private static final Duration READ_LATE = CLAIM.minusMillis(580);
  private static final Duration BOUND = Duration.ofSeconds(20);

  private final ExecutorService threads = Executors.newCachedThreadPool();

  @AfterEach
  void stop() throws InterruptedException {
    threads.shutdownNow();
    threads.awaitTermination(10, TimeUnit.SECONDS);
  }

  @Test
  void aHandoverReadWithLessThanAThirdOfItsClaimLeftIsExtendedInTimeAndNotLost(TestRedis redis) throws Exception {
    Keyspace keyspace = Keyspace.of(redis.env());
    RedisClient stats = redis.newClient();
    ContentionStall stall = new ContentionStall();
    SampleKey key = SampleKey.unique();
    LockNames names = LockNames.of(keyspace, LockOptions.DEFAULT_PURPOSE, key);
    try (RedisLockExecutor holder = RedisLockExecutor.create(redis.newClient(), keyspace);
        RedisLockExecutor waiter = RedisLockExecutor.builder(redis.newClient(), keyspace).listener(stall).build()) {
      hearReleases(holder, waiter, key, stats, names);
      boolean lateInClaim = false;
      // the stalled thread may be descheduled further (a loaded machine): then try again
      for (int round = 0; round < 4 && !lateInClaim; round++) {
        RedisAwait.until("the waiter's executor still hears the lock's channel", BOUND,
            () -> subscribers(stats, names.channel()) == 1);
        Lease held = holder.acquire(key, NO_RENEWAL);
        Future<Lease> waited = threads.submit(() -> {
          stall.stallNextUntil(System.nanoTime() + READ_LATE.toNanos());
          return waiter.acquire(key, NO_RENEWAL);
        });
        RedisAwait.until("the waiter queued", BOUND, () -> stats.zcard(names.waiters()) == 1);
        assertThat(held.release()).isTrue(); // hands the lock over; the message waits for the stalled waiter

        Lease taken = waited.get(BOUND.toSeconds(), TimeUnit.SECONDS);
        long serverMillis = stats.pttl(names.lock());
        long leftNanos = taken.remainingNanos();
        assertThat(leftNanos).as("the local deadline never outlives the server's")
            .isLessThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(serverMillis + 1));
        lateInClaim = leftNanos < CLAIM.toNanos() / 3; // a claim, read later than a third before its end
        RedisAwait.until("the first extension raised the claim, or the lease was lost", BOUND,
            () -> taken.isLost() || taken.remainingNanos() > ENTRY_TTL.toNanos());
        assertThat(taken.isLost()).as("lost before its first extension (round " + round + ", "
            + TimeUnit.NANOSECONDS.toMillis(leftNanos) + " ms of claim left when taken)").isFalse();
        assertThat(stats.pttl(names.lock())).as("raised in Redis").isGreaterThan(ENTRY_TTL.toMillis());
        assertThat(taken.release()).isTrue();
      }
      assertThat(lateInClaim).as("in some round the handover was taken with less than a third of its claim left")
          .isTrue();
    }
  }

  @Test
  void aResentHandoffThatFindsItsSuccessorHoldingOnAClaimGrantsThatClaimAndItsFirstExtensionRaisesIt(
      TestRedis redis) throws Exception {
    Keyspace keyspace = Keyspace.of(redis.env());
    RedisClient stats = redis.newClient();
    LuaScript handoff = LuaScript.load("handoff");
    stats.scriptLoad(handoff.source()); // so that each copy goes by EVALSHA
    SampleKey key = SampleKey.unique();
    LockNames names = LockNames.of(keyspace, LockOptions.DEFAULT_PURPOSE, key);
    try (ResendingClient resending = new ResendingClient(new HostAndPort(redis.fixture().host(), redis.fixture().port()));
        RedisLockExecutor local = RedisLockExecutor.create(resending, keyspace);
        RedisLockExecutor remote = RedisLockExecutor.create(redis.newClient(), keyspace)) {
      hearReleases(remote, local, key, stats, names); // a handoff sending the lock elsewhere queues the next local waiter
      Lease current = local.acquire(key, NO_RENEWAL);
      Future<Lease> remoteWaiter = threads.submit(() -> remote.acquire(key, NO_RENEWAL));
      RedisAwait.until("the remote waiter queued", BOUND, () -> stats.zcard(names.waiters()) == 1);
      List<Future<Lease>> behind = new ArrayList<>();
      for (int i = 0; i <= RemoteWaiters.LOCAL_TURNS; i++) {
        behind.add(queueBehind(local, key));
      }
      for (int i = 0; i < RemoteWaiters.LOCAL_TURNS; i++) { // passed within the executor without a look elsewhere
        assertThat(current.release()).isTrue();
        current = behind.get(i).get(BOUND.toSeconds(), TimeUnit.SECONDS);
      }
      // The next handoff looks: it sends the lock to the remote waiter and queues the last local one
      // behind it. Its reply is lost; before the copy runs, the remote waiter releases and the lock
      // goes to the last local waiter for the rest of its queue entry: a claim.
      resending.resendNext(handoff, () -> {
        try {
          assertThat(remoteWaiter.get(BOUND.toSeconds(), TimeUnit.SECONDS).release()).isTrue();
        } catch (Exception e) {
          throw new AssertionError("the remote waiter got no lock", e);
        }
      });
      assertThat(current.release()).isTrue();

      Lease successor = behind.get(RemoteWaiters.LOCAL_TURNS).get(BOUND.toSeconds(), TimeUnit.SECONDS);
      long serverMillis = stats.pttl(names.lock());
      long leftNanos = successor.remainingNanos();
      assertThat(stats.get(names.lock())).as("the successor owns the lock in Redis").isEqualTo(successor.ownerToken());
      assertThat(leftNanos).as("the successor counts on no more than Redis gives it")
          .isLessThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(serverMillis + 1));
      RedisAwait.until("the first extension raised the claim, or the lease was lost", BOUND,
          () -> successor.isLost() || successor.remainingNanos() > ENTRY_TTL.toNanos());
      assertThat(successor.isLost()).isFalse();
      assertThat(stats.pttl(names.lock())).as("raised in Redis").isGreaterThan(ENTRY_TTL.toMillis());
      assertThat(successor.release()).isTrue();
    }
  }

  /**
   * Makes {@code listening}'s executor subscribe to the lock's release channel (it stays subscribed
   * for a while after), so that its next waiter watches the channel before its first attempt.
   */
  private void hearReleases(RedisLockExecutor other, RedisLockExecutor listening, SampleKey key, RedisClient stats,
      LockNames names) throws Exception {
    Lease held = other.acquire(key, NO_RENEWAL);
    Future<Lease> waited = threads.submit(() -> listening.acquire(key, NO_RENEWAL));
    RedisAwait.until("the waiter queued and subscribed", BOUND,
        () -> stats.zcard(names.waiters()) == 1 && subscribers(stats, names.channel()) == 1);
    assertThat(held.release()).isTrue();
    assertThat(waited.get(BOUND.toSeconds(), TimeUnit.SECONDS).release()).isTrue();
  }

  /** A thread of {@code executor} waiting for {@code key} in the executor's local queue, parked there. */
  private Future<Lease> queueBehind(RedisLockExecutor executor, SampleKey key) {
    AtomicReference<Thread> thread = new AtomicReference<>();
    Future<Lease> waiting = threads.submit(() -> {
      thread.set(Thread.currentThread());
      return executor.acquire(key, NO_RENEWAL);
    });
    RedisAwait.until("the thread parked in the local queue", BOUND,
        () -> thread.get() != null && LockSupport.getBlocker(thread.get()) instanceof KeyQueue);
    return waiting;
  }

  /** How many connections subscribe to {@code channel} (PUBSUB NUMSUB). */
  private static long subscribers(RedisClient redis, String channel) {
    List<?> reply = (List<?>) redis.sendCommand(Protocol.Command.PUBSUB, "NUMSUB", channel);
    return (Long) reply.get(1);
  }
}
