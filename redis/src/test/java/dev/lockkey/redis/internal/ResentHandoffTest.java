package dev.lockkey.redis.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.redis.RedisAwait;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.Isolation;
import dev.lockkey.testing.LockKeyTest;
import dev.lockkey.testing.TcpProxy;
import dev.lockkey.testing.TestRedis;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.RedisClient;

/**
 * Issue 26: a handoff re-sent by its client (the first reply lost, both copies run) after the
 * lock moved on meanwhile. The executor's handoff that looks elsewhere sends the lock to a waiter
 * of another executor and queues its own next waiter behind it; what happens before the copy runs
 * is the test's. Defect 2: the copy finds that next waiter holding on a claim and must grant that
 * claim, not a full lease; with too little of the claim left the waiter confirms it by an attempt.
 * And a copy answering "released" leaves the waiter perhaps queued: its first attempt, taking the
 * lock free, must leave the queue, or its own release hands the lock back to itself. On a server of
 * the test's own (the resending client has no password); no renewal.
 */
@LockKeyTest(isolation = Isolation.SERVER)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ResentHandoffTest {
  private static final LockOptions NO_RENEWAL = WaitingScenes.NO_RENEWAL;
  private static final Duration BOUND = WaitingScenes.BOUND;
  private static final LuaScript HANDOFF = LuaScript.load("handoff");

  @Test
  void aCopyThatFindsTheNextWaiterHoldingOnAClaimGrantsThatClaimAndItsFirstExtensionRaisesIt(TestRedis redis)
      throws Exception {
    RedisClient stats = redis.newClient();
    try (Scene scene = new Scene(redis, stats)) {
      Lease successor = scene.resentAfterTheRemoteRelease(Duration.ZERO);
      String lock = successor.fullKey();
      long serverMillis = stats.pttl(lock);
      long leftNanos = successor.remainingNanos();
      assertThat(stats.get(lock)).as("the successor owns the lock in Redis").isEqualTo(successor.ownerToken());
      assertThat(leftNanos).as("the successor counts on no more than Redis gives it")
          .isLessThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(serverMillis + 1));
      RedisAwait.until("the first extension raised the claim, or the claim is long over", BOUND,
          () -> WaitingScenes.raisedOrLongOver(successor));
      assertThat(successor.isLost()).isFalse();
      assertThat(stats.pttl(lock)).as("raised in Redis").isGreaterThan(RemoteWaiters.ENTRY_TTL.toMillis());
      assertThat(successor.release()).isTrue();
    }
  }

  @Test
  void aCopyThatFindsTheNextWaiterHoldingOnAClaimNearlyOverHasTheWaiterConfirmItByAnAttempt(TestRedis redis)
      throws Exception {
    RedisClient stats = redis.newClient();
    try (Scene scene = new Scene(redis, stats)) {
      Lease successor = scene.resentAfterTheRemoteRelease(Hold.MIN_CLAIM_LEFT.minusMillis(100));
      String lock = successor.fullKey();
      assertThat(stats.get(lock)).as("the successor owns the lock in Redis").isEqualTo(successor.ownerToken());
      long serverMillis = stats.pttl(lock);
      assertThat(successor.remainingNanos()).as("confirmed: the whole lease, and no more than Redis gives")
          .isGreaterThan(RemoteWaiters.ENTRY_TTL.toNanos())
          .isLessThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(serverMillis + 1));
      assertThat(successor.isLost()).isFalse();
      assertThat(successor.release()).isTrue();
    }
  }

  @Test
  void aWaiterPerhapsQueuedThatTakesTheLockFreeLeavesTheQueueSoItsReleaseFreesTheLock(TestRedis redis)
      throws Exception {
    RedisClient stats = redis.newClient();
    TcpProxy cable = redis.newProxy();
    try (Scene scene = new Scene(redis, stats, redis.newClient(cable))) {
      scene.queueAndPass();
      // the remote waiter's process hangs: it will neither take the lock handed to it nor poll, so
      // its entry, and the claim it is handed, end within a second, well before the local waiter's
      cable.blackHole();
      RedisAwait.until("the remote waiter's entry has less than a second left", BOUND,
          () -> scene.entryLeftMillis() < 1000);
      scene.resending.resendNext(HANDOFF, () -> RedisAwait.until("the hung waiter's claim ran out", BOUND,
          () -> !stats.exists(scene.names.lock())));
      assertThat(scene.looking.release()).isTrue(); // the copy answers "released": perhaps queued

      Lease last = scene.last();
      assertThat(stats.get(scene.names.lock())).isEqualTo(last.ownerToken());
      assertThat(stats.zrange(scene.names.waiters(), 0, -1)).as("it left the queue when it took the lock")
          .doesNotContain(last.ownerToken());
      assertThat(last.release()).isTrue();
      assertThat(stats.get(scene.names.lock())).as("not handed back to its own dead entry").isNull();
    }
  }

  /**
   * An executor with a resending client, one other executor whose waiter queues in Redis, and
   * local waiters behind the executor's holder, passed the lock until the next handoff looks.
   */
  private final class Scene implements AutoCloseable {
    final RedisClient stats;
    final WaitingScenes scenes;
    final SampleKey key = SampleKey.unique();
    final LockNames names;
    final ResendingClient resending;
    final RedisLockExecutor local;
    final RedisLockExecutor remote;
    Future<Lease> remoteWaiter;
    List<Future<Lease>> behind;
    /** The holder whose release looks elsewhere. */
    Lease looking;

    Scene(TestRedis redis, RedisClient stats) {
      this(redis, stats, redis.newClient());
    }

    Scene(TestRedis redis, RedisClient stats, RedisClient remoteClient) {
      Keyspace keyspace = Keyspace.of(redis.env());
      this.stats = stats;
      this.scenes = new WaitingScenes(stats, NO_RENEWAL);
      this.names = LockNames.of(keyspace, LockOptions.DEFAULT_PURPOSE, key);
      stats.scriptLoad(HANDOFF.source()); // so that each copy goes by EVALSHA
      this.resending = new ResendingClient(new HostAndPort(redis.fixture().host(), redis.fixture().port()));
      this.local = RedisLockExecutor.create(JedisConnection.of(resending), keyspace);
      this.remote = RedisLockExecutor.create(JedisConnection.of(remoteClient), keyspace);
    }

    /**
     * The remote waiter queues in Redis, the local ones behind the holder, and the lock passes
     * until the next handoff looks.
     */
    void queueAndPass() throws Exception {
      // a handoff sending the lock elsewhere then queues the next local waiter
      scenes.hearReleases(remote, local, key, names);
      Lease held = local.acquire(key, NO_RENEWAL);
      remoteWaiter = scenes.queueInRedis(remote, key, names);
      behind = new ArrayList<>();
      for (int i = 0; i <= RemoteWaiters.LOCAL_TURNS; i++) {
        behind.add(scenes.queueBehind(local, key));
      }
      looking = WaitingScenes.passWithoutLooking(held, behind);
    }

    /**
     * The looking handoff, run twice: between the copies the remote waiter releases the lock it was
     * handed, so it goes to the last local waiter as a claim, and the claim runs until {@code left}
     * is left of it (zero: no wait).
     *
     * @return the last local waiter's lease
     */
    Lease resentAfterTheRemoteRelease(Duration left) throws Exception {
      queueAndPass();
      resending.resendNext(HANDOFF, () -> {
        try {
          assertThat(remoteWaiter.get(BOUND.toSeconds(), TimeUnit.SECONDS).release()).isTrue();
        } catch (Exception e) {
          throw new AssertionError("the remote waiter got no lock", e);
        }
        if (!left.isZero()) {
          RedisAwait.until("the claim nearly over", BOUND, () -> stats.pttl(names.lock()) < left.toMillis());
        }
      });
      assertThat(looking.release()).isTrue();
      return last();
    }

    /** The last local waiter's lease. */
    Lease last() throws Exception {
      return behind.get(RemoteWaiters.LOCAL_TURNS).get(BOUND.toSeconds(), TimeUnit.SECONDS);
    }

    /** How long the first queue entry lives on, by the server's clock. */
    long entryLeftMillis() {
      return (Long) stats.eval("local head = redis.call('ZRANGE', KEYS[1], 0, 0)[1]\n"
          + "if not head then return 0 end\n"
          + "local now = redis.call('TIME')\n"
          + "return tonumber(redis.call('HGET', KEYS[2], head)) - (now[1] * 1000 + math.floor(now[2] / 1000))",
          List.of(names.waiters(), names.waiting()), List.of());
    }

    @Override
    public void close() throws InterruptedException {
      try {
        scenes.close();
      } finally {
        try {
          remote.close();
          local.close();
        } finally {
          resending.close();
        }
      }
    }
  }
}
