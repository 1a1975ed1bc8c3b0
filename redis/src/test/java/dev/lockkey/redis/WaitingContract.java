package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.lock.AlreadyHeldException;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.lock.MultiLease;
import dev.lockkey.redis.connection.JedisConnection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.UnifiedJedis;

/**
 * Waiting, local state and multi-key leases against a real Redis, run on a single server and on a
 * cluster by the subclasses: what an executor keeps locally once nobody needs it, a thread asking
 * again for a lock it holds, and a multi-lease across slots holding every member when returned.
 * Each test works in its own environment word.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
abstract class WaitingContract {
  private static final Duration BOUND = Duration.ofSeconds(20);

  private UnifiedJedis jedis;
  private Keyspace keyspace;
  private final List<RedisLockExecutor> executors = new ArrayList<>();
  private final List<UnifiedJedis> clients = new ArrayList<>();
  private ExecutorService pool;

  /** A new client for the Redis under test. */
  protected abstract UnifiedJedis newClient();

  @BeforeAll
  void connect() {
    jedis = newClient();
  }

  @AfterAll
  void disconnect() {
    jedis.close();
  }

  @BeforeEach
  void freshEnvironment() {
    keyspace = Keyspace.of("w" + Long.toHexString(System.nanoTime()));
    pool = Executors.newCachedThreadPool();
  }

  @AfterEach
  void stopEverything() throws InterruptedException {
    pool.shutdownNow();
    assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).as("test threads stopped").isTrue();
    executors.forEach(RedisLockExecutor::close);
    executors.clear();
    clients.forEach(UnifiedJedis::close);
    clients.clear();
  }

  /** An executor with a client of its own, as another application server would have. */
  private RedisLockExecutor executor() {
    UnifiedJedis client = newClient();
    clients.add(client);
    RedisLockExecutor executor = RedisLockExecutor.create(JedisConnection.of(client), keyspace);
    executors.add(executor);
    return executor;
  }

  @Test
  void leasesLeftToRunOutStopCountingAndLeaveNoLocalState() {
    RedisLockExecutor locks = executor();
    Lease renewed = locks.acquire(TestKey.of("order", "renewed"), LockOptions.builder().renewal(true).build());
    int leaked = 3000;
    // long enough that a hundred acquisitions fit in it on a loaded machine; the sweep may reclaim
    // earlier leases while the loop still runs, so only a sample taken early is compared
    LockOptions shortLease = LockOptions.builder().leaseTime(Duration.ofSeconds(2)).build();
    int trackedEarly = 0;
    for (int i = 0; i < leaked; i++) {
      assertThat(locks.tryAcquire(TestKey.of("order", i), shortLease)).isPresent(); // never released
      if (i == 99) {
        trackedEarly = locks.stats().keysTracked();
      }
    }
    assertThat(trackedEarly).as("leases left to run out are tracked").isGreaterThanOrEqualTo(100);

    RedisAwait.until("the leases left to run out are reclaimed", BOUND,
        () -> LockExecutorContract.counted(locks).equals(new ExecutorStats(1, 0, 1, 1, true, null)));
    assertThat(renewed.release()).as("the renewed lease was kept all along").isTrue();
    assertThat(LockExecutorContract.counted(locks)).isEqualTo(new ExecutorStats(0, 0, 0, 0, true, null));
    assertThat(locks.tryAcquire(TestKey.of("order", 0))).as("a leaked key is free again")
        .hasValueSatisfying(lease -> assertThat(lease.release()).isTrue());
  }

  @Test
  void acquiringALockThisThreadHoldsFailsAtOnceAndTryAcquireAnswersEmpty() throws Exception {
    RedisLockExecutor locks = executor();
    TestKey key = TestKey.of("order", "reentrant");
    LockOptions waitLong = LockOptions.builder().waitTime(Duration.ofHours(1)).build();
    Lease held = locks.acquire(key);

    // the class timeout is far below the wait time: waiting at all would fail the test
    assertThatThrownBy(() -> locks.acquire(key, waitLong)).isInstanceOf(AlreadyHeldException.class)
        .hasMessageContaining(held.fullKey()).hasMessageContaining("not reentrant");
    assertThatThrownBy(() -> locks.withLock(key, waitLong, lease -> "nested"))
        .isInstanceOf(AlreadyHeldException.class);
    assertThatThrownBy(() -> locks.acquireAll(List.of(key, TestKey.of("payment", "reentrant")), waitLong))
        .isInstanceOf(AlreadyHeldException.class);
    assertThat(locks.tryAcquire(key)).isEmpty();
    Future<Lease> otherThread = pool.submit(() -> locks.acquire(key, LockOptions.builder()
        .waitTime(Duration.ofMillis(200)).build()));
    assertThatThrownBy(() -> otherThread.get(BOUND.toSeconds(), TimeUnit.SECONDS))
        .hasCauseInstanceOf(LockTimeoutException.class);

    assertThat(held.release()).isTrue();
    assertThat(locks.stats().leasesHeld()).as("nothing taken by the refused calls").isZero();
    Lease again = locks.acquire(key, waitLong);
    assertThat(again.release()).isTrue();
  }

  @Test
  void aMultiLeaseHoldsEveryMemberForAFullLeaseWhenReturned() throws Exception {
    RedisLockExecutor multi = executor();
    RedisLockExecutor blocker = executor();
    RedisLockExecutor third = executor();
    LockKey first = TestKey.of("order", 12); // sorts first; in another slot than the second on a cluster
    LockKey second = TestKey.of("payment", 12);
    Duration leaseTime = Duration.ofSeconds(1);
    LockOptions options = LockOptions.builder().leaseTime(leaseTime).waitTime(Duration.ofSeconds(5)).build();

    Lease blocking = blocker.acquire(second, LockOptions.builder().leaseTime(Duration.ofSeconds(10)).build());
    pool.submit(() -> {
      Thread.sleep(2000); // the scenario: the second key stays held for twice the lease time
      return blocking.release();
    });
    List<long[]> thirdHeld = new CopyOnWriteArrayList<>();
    AtomicBoolean stop = new AtomicBoolean();
    Future<?> trying = pool.submit(() -> {
      while (!stop.get()) { // the third executor grabs the first key whenever it is free, briefly
        Optional<Lease> got = third.tryAcquire(first, options);
        if (got.isPresent()) {
          // inner bounds of the hold (certainly held from here to there), as the claim below is:
          // an outer bound would count a release's round trip, which a loaded machine stretches
          long from = System.nanoTime();
          Thread.sleep(50);
          long to = System.nanoTime();
          if (got.get().release()) { // still held at the release: held all along
            thirdHeld.add(new long[] {from, to});
          }
        }
        Thread.sleep(20);
      }
      return null;
    });

    MultiLease all = multi.acquireAll(List.of(second, first), options);
    long claimedFrom = System.nanoTime();
    Lease takenLast = all.leases().get(all.leases().size() - 1);
    for (Lease lease : all.leases()) {
      // a full lease from the return: no member runs out before the one just taken
      assertThat(lease.remainingNanos()).as("lease left of %s at return", lease.fullKey())
          .isGreaterThanOrEqualTo(takenLast.remainingNanos());
      assertThat(jedis.get(lease.fullKey())).as("owner of %s at return", lease.fullKey()).isEqualTo(lease.ownerToken());
      long pttlMillis = jedis.pttl(lease.fullKey());
      assertThat(TimeUnit.MILLISECONDS.toNanos(pttlMillis + 1)).as("Redis keeps %s as long as the lease says",
          lease.fullKey()).isGreaterThanOrEqualTo(lease.remainingNanos());
    }
    assertThat(all.isLost()).isFalse();
    long claimedTo = System.nanoTime();
    assertThat(all.release()).as("every member still held").isTrue();
    stop.set(true);
    trying.get(BOUND.toSeconds(), TimeUnit.SECONDS);
    assertThat(thirdHeld).as("the third executor's holds of the first key while the multi-lease claimed it")
        .noneMatch(held -> held[0] < claimedTo && held[1] > claimedFrom);
  }
}
