package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LeaseLostException;
import dev.lockkey.lock.LockInterruptedException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.lock.MultiLease;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.redis.internal.LockCommands;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * What every executor must do against a real Redis, run on a single server and on a cluster by
 * the subclasses. Each test works in its own environment word, so tests never see each other's keys.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
abstract class LockExecutorContract {
  private static final AtomicInteger ENVIRONMENTS = new AtomicInteger();
  private static final Duration BOUND = Duration.ofSeconds(10);

  protected UnifiedJedis jedis;
  /** What the executors under test run on: {@code jedis}'s port, unless a subclass opens another client's. */
  protected RedisConnection port;
  protected String env;
  protected Keyspace keyspace;
  private final List<RedisLockExecutor> executors = new ArrayList<>();
  private final List<ExecutorService> pools = new ArrayList<>();

  /** A new client for the Redis under test. */
  protected abstract UnifiedJedis newClient();

  /** The port the executors under test use: {@code jedis}'s, unless a subclass opens another client's. */
  protected RedisConnection openPort() {
    return JedisConnection.of(jedis);
  }

  /** Closes what {@link #openPort()} opened. */
  protected void closePort() {}

  /** Runs {@code command} on every primary (the one server, or each cluster master). */
  protected abstract void onEachPrimary(Consumer<UnifiedJedis> command);

  /** Every key on every primary that matches {@code pattern}. */
  List<String> scan(String pattern) {
    List<String> keys = new ArrayList<>();
    onEachPrimary(node -> {
      String cursor = ScanParams.SCAN_POINTER_START;
      do {
        ScanResult<String> page = node.scan(cursor, new ScanParams().match(pattern).count(1000));
        keys.addAll(page.getResult());
        cursor = page.getCursor();
      } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
    });
    return keys;
  }

  /** SCRIPT FLUSH on every primary. */
  void flushScripts() {
    onEachPrimary(UnifiedJedis::scriptFlush);
  }

  @BeforeAll
  void connect() {
    jedis = newClient();
    port = openPort();
  }

  @AfterAll
  void disconnect() {
    closePort();
    jedis.close();
  }

  @BeforeEach
  void freshEnvironment() {
    env = "t" + ENVIRONMENTS.incrementAndGet() + "-" + Long.toHexString(System.nanoTime());
    keyspace = Keyspace.of(env);
  }

  @AfterEach
  void stopEverything() throws InterruptedException {
    for (ExecutorService pool : pools) {
      pool.shutdownNow();
      assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).as("test threads stopped").isTrue();
    }
    executors.forEach(RedisLockExecutor::close);
  }

  RedisLockExecutor executor() {
    return executor(LockListener.NONE);
  }

  RedisLockExecutor executor(LockListener listener) {
    return track(RedisLockExecutor.builder(port, keyspace).listener(listener).build());
  }

  RedisLockExecutor track(RedisLockExecutor executor) {
    executors.add(executor);
    return executor;
  }

  ExecutorService threads(int count) {
    ExecutorService pool = Executors.newFixedThreadPool(count);
    pools.add(pool);
    return pool;
  }

  static LockOptions lease(Duration leaseTime) {
    return LockOptions.builder().leaseTime(leaseTime).build();
  }

  static LockOptions waitAtMost(Duration waitTime) {
    return LockOptions.builder().waitTime(waitTime).build();
  }

  /** A listener that counts {@code latch} down at each contended attempt. */
  static LockListener countingContention(CountDownLatch latch) {
    return new LockListener() {
      @Override
      public void onContended(LockKey key) {
        latch.countDown();
      }
    };
  }

  /** The keys left in this test's environment. */
  List<String> leftovers() {
    return scan("*:" + env + ":*");
  }

  @Test
  void anUncontendedCycleUsesTheDocumentedKeysAndLeavesOnlyExpiringFencingState() {
    RedisLockExecutor locks = executor();
    Lease lease = locks.acquire(TestKey.of("order", 1));

    assertThat(lease.fullKey()).isEqualTo("lock:" + env + ":{order:lock:v1:1}");
    assertThat(jedis.get(lease.fullKey())).isEqualTo(lease.ownerToken());
    assertThat(jedis.pttl(lease.fullKey())).isBetween(1L, LockOptions.DEFAULT_LEASE_TIME.toMillis());
    assertThat(lease.ownerToken()).matches("[A-Za-z0-9_-]{22}");
    assertThat(lease.toString()).contains(lease.fullKey()).doesNotContain(lease.ownerToken());

    assertThat(lease.release()).isTrue();
    assertThat(lease.release()).as("a second release").isFalse();
    assertThat(lease.isLost()).isFalse();

    String fence = "fence:" + env + ":{order:lock:v1:1}";
    String releaser = "releaser:" + env + ":{order:lock:v1:1}";
    assertThat(leftovers()).containsExactlyInAnyOrder(fence, releaser);
    assertThat(jedis.get(fence)).isEqualTo(Long.toString(lease.fencingToken()));
    assertThat(jedis.pttl(fence)).as("the fence grace after a release, not the rest of the lease")
        .isGreaterThan(LockCommands.FENCE_GRACE.toMillis() - 60_000)
        .isLessThanOrEqualTo(LockCommands.FENCE_GRACE.toMillis());
    assertThat(jedis.get(releaser)).as("so that a release sent twice answers released twice").isEqualTo(lease.ownerToken());
    assertThat(jedis.pttl(releaser)).isBetween(1L, LockCommands.RETRY_MEMORY.toMillis());
  }

  @Test
  void sixteenThreadsInTwoExecutorsNeverOverlapAndSeeRisingFencingTokens() throws Exception {
    List<RedisLockExecutor> processes = List.of(executor(), executor());
    TestKey key = TestKey.of("order", 2);
    AtomicInteger inside = new AtomicInteger();
    AtomicInteger overlaps = new AtomicInteger();
    AtomicInteger fallingTokens = new AtomicInteger();
    AtomicLong lastToken = new AtomicLong();
    int threads = 16;
    int cycles = 40;
    ExecutorService pool = threads(threads);
    List<Future<?>> done = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      RedisLockExecutor locks = processes.get(t % 2);
      done.add(pool.submit(() -> {
        for (int i = 0; i < cycles; i++) {
          try (Lease lease = locks.acquire(key, waitAtMost(Duration.ofSeconds(30)))) {
            if (inside.incrementAndGet() != 1) {
              overlaps.incrementAndGet();
            }
            if (lease.fencingToken() <= lastToken.get()) {
              fallingTokens.incrementAndGet();
            }
            lastToken.set(lease.fencingToken());
            Thread.yield();
            inside.decrementAndGet();
          }
        }
        return null;
      }));
    }
    for (Future<?> future : done) {
      future.get();
    }
    assertThat(overlaps).as("overlapping holders").hasValue(0);
    assertThat(fallingTokens).as("tokens not above the previous holder's").hasValue(0);
    assertThat(leftovers()).as("only expiring fencing state, contention markers and queues are left").allSatisfy(name -> {
      assertThat(name).matches("(fence|contended|releaser|waiters|waiting):" + env + ":\\{order:lock:v1:2}");
      assertThat(jedis.pttl(name)).isPositive();
    });
  }

  @Test
  void fencingTokensRiseAcrossAnExpiryAndAfterTheFencingStateIsGone() {
    RedisLockExecutor locks = executor();
    TestKey key = TestKey.of("order", 3);
    Lease first = locks.acquire(key, lease(Duration.ofMillis(50)));
    RedisAwait.until("the first lease expired in Redis", BOUND, () -> !jedis.exists(first.fullKey()));

    Lease second = locks.acquire(key); // the expired, unreleased first lease must not block this
    assertThat(second.fencingToken()).isGreaterThan(first.fencingToken());
    assertThat(second.release()).isTrue();
    assertThat(first.release()).as("the stale first lease").isFalse();

    jedis.del("fence:" + env + ":{order:lock:v1:3}"); // what its TTL does after the grace period
    Lease third = locks.acquire(key);
    assertThat(third.fencingToken()).isGreaterThan(second.fencingToken());
    third.release();
  }

  @Test
  void aLeakedLeaseStopsBlockingItsOwnExecutorOnceItRanOut() {
    RedisLockExecutor locks = executor();
    TestKey key = TestKey.of("order", 16);
    Lease leaked = locks.acquire(key, lease(Duration.ofMillis(50))); // never released
    RedisAwait.until("the leaked lease expired in Redis", BOUND, () -> !jedis.exists(leaked.fullKey()));

    Optional<Lease> next = locks.tryAcquire(key);
    assertThat(next).isPresent();
    assertThat(next.get().fencingToken()).isGreaterThan(leaked.fencingToken());
    assertThat(next.get().release()).isTrue();
  }

  @Test
  void theListenerHearsEachStepAndOneThatThrowsBreaksNothing() {
    List<String> heard = Collections.synchronizedList(new ArrayList<>());
    RedisLockExecutor locks = executor(new LockListener() {
      @Override
      public void onAcquired(LockKey key, long waitNanos) {
        heard.add("acquired " + key.spec().domain());
        throw new IllegalStateException("a broken listener");
      }

      @Override
      public void onContended(LockKey key) {
        heard.add("contended");
        throw new IllegalStateException("a broken listener");
      }

      @Override
      public void onRenewed(LockKey key) {
        heard.add("renewed");
        throw new IllegalStateException("a broken listener");
      }

      @Override
      public void onReleased(LockKey key, long heldNanos) {
        heard.add("released");
        throw new IllegalStateException("a broken listener");
      }
    });
    Lease lease = locks.acquire(TestKey.of("order", 17));
    assertThat(locks.tryAcquire(TestKey.of("order", 17))).isEmpty();
    assertThat(lease.extend(Duration.ofSeconds(5))).isTrue();
    assertThat(lease.release()).isTrue();
    assertThat(heard).containsExactly("acquired order", "contended", "renewed", "released");
  }

  @Test
  void aStaleHolderCanNeitherReleaseNorExtendTheNextHoldersLock() {
    List<LockKey> lost = Collections.synchronizedList(new ArrayList<>());
    RedisLockExecutor stale = executor(new LockListener() {
      @Override
      public void onLeaseLost(LockKey key) {
        lost.add(key);
      }
    });
    RedisLockExecutor next = executor();
    TestKey key = TestKey.of("order", 4);
    Lease old = stale.acquire(key, lease(Duration.ofMillis(100)));
    Lease current = next.acquire(key, waitAtMost(Duration.ofSeconds(10))); // gets it once the old lease expired

    assertThat(old.extend(Duration.ofSeconds(60))).isFalse();
    assertThat(old.isLost()).isTrue();
    assertThat(old.release()).isFalse();
    assertThat(lost).containsExactly(key);
    assertThat(jedis.get(current.fullKey())).isEqualTo(current.ownerToken());
    assertThat(jedis.pttl(current.fullKey())).isLessThanOrEqualTo(LockOptions.DEFAULT_LEASE_TIME.toMillis());
    assertThatThrownBy(old::checkHeld).isInstanceOf(LeaseLostException.class).hasMessageContaining(old.fullKey());
    assertThat(current.release()).isTrue();
  }

  @Test
  void theWatchdogKeepsTheLockPastItsLeaseAndStopsWithTheRelease() throws InterruptedException {
    CountDownLatch renewals = new CountDownLatch(4);
    RedisLockExecutor locks = executor(new LockListener() {
      @Override
      public void onRenewed(LockKey key) {
        renewals.countDown();
      }
    });
    Duration leaseTime = Duration.ofSeconds(2); // renewals every 667 ms: a loaded machine may delay one by a second
    long start = System.nanoTime();
    Lease lease = locks.acquire(TestKey.of("order", 5),
        LockOptions.builder().leaseTime(leaseTime).renewal(true).build());

    assertThat(renewals.await(BOUND.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
    assertThat(System.nanoTime() - start).as("held longer than one lease").isGreaterThan(leaseTime.toNanos());
    assertThat(jedis.get(lease.fullKey())).isEqualTo(lease.ownerToken());
    assertThat(jedis.pttl(lease.fullKey())).isPositive();
    assertThat(lease.isRenewing()).isTrue();

    assertThat(lease.release()).isTrue();
    assertThat(lease.isRenewing()).as("a renewal after the release").isFalse();
    assertThat(jedis.exists(lease.fullKey())).isFalse();
    assertThat(lease.isLost()).isFalse();
  }

  @Test
  void aFailedRenewalMarksTheLeaseLostAndCallsBack() throws InterruptedException {
    AtomicReference<LockKey> heard = new AtomicReference<>();
    RedisLockExecutor locks = executor(new LockListener() {
      @Override
      public void onLeaseLost(LockKey key) {
        heard.set(key);
      }
    });
    CountDownLatch called = new CountDownLatch(1);
    TestKey key = TestKey.of("order", 6);
    Lease lease = locks.acquire(key, LockOptions.builder()
        .leaseTime(Duration.ofMillis(300)).renewal(true).onLost(lost -> called.countDown()).build());
    jedis.set(lease.fullKey(), "intruder"); // someone else's lock now

    assertThat(called.await(BOUND.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
    assertThat(lease.isLost()).isTrue();
    assertThat(heard).hasValue(key);
    assertThat(lease.isRenewing()).isFalse();
    assertThatThrownBy(lease::checkHeld).isInstanceOf(LeaseLostException.class);
    assertThat(lease.release()).isFalse();
    assertThat(jedis.get(lease.fullKey())).isEqualTo("intruder");
    jedis.del(lease.fullKey());
  }

  @Test
  void aWaiterInAnotherExecutorAcquiresWhenTheHolderReleases() throws Exception {
    CountDownLatch contended = new CountDownLatch(1);
    RedisLockExecutor holder = executor();
    RedisLockExecutor waiter = executor(countingContention(contended));
    TestKey key = TestKey.of("order", 7);
    Lease held = holder.acquire(key);
    Future<Lease> waiting = threads(1).submit(() -> waiter.acquire(key, waitAtMost(Duration.ofSeconds(20))));
    assertThat(contended.await(BOUND.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
    assertThat(jedis.pttl("contended:" + env + ":{order:lock:v1:7}"))
        .isBetween(1L, LockCommands.CONTENDED_MARKER_TTL.toMillis());

    assertThat(held.release()).isTrue();
    Lease taken = waiting.get(20, TimeUnit.SECONDS);
    assertThat(taken.fencingToken()).isGreaterThan(held.fencingToken());
    assertThat(jedis.exists("contended:" + env + ":{order:lock:v1:7}")).as("marker cleared by the release that woke the waiter").isFalse();
    assertThat(taken.release()).isTrue();
  }

  @Test
  void aWaiterThatSubscribesRightAtTheReleaseStillGetsTheLock() throws Exception {
    RedisLockExecutor holder = executor();
    RedisLockExecutor waiter = executor();
    ExecutorService pool = threads(1);
    LockOptions longLease = lease(Duration.ofSeconds(60)); // expiry must not be what lets the waiter in
    for (int round = 0; round < 20; round++) {
      TestKey key = TestKey.of("order", "race-" + round);
      Lease held = holder.acquire(key, longLease);
      Future<Lease> waiting = pool.submit(() -> waiter.acquire(key, waitAtMost(Duration.ofSeconds(20))));
      long spin = System.nanoTime() + ThreadLocalRandom.current().nextLong(500_000);
      while (System.nanoTime() < spin) {
        Thread.onSpinWait(); // release at a random moment around the waiter's first attempt and subscription
      }
      held.release();
      assertThat(waiting.get(20, TimeUnit.SECONDS).release()).isTrue();
    }
  }

  @Test
  void interruptedWaitersGiveUpKeepTheirFlagAndLeaveTheQueueUsable() throws Exception {
    RedisLockExecutor holder = executor();
    CountDownLatch waiting = new CountDownLatch(2);
    RedisLockExecutor waiter = executor(countingContention(waiting));
    TestKey key = TestKey.of("order", 8);
    Lease held = holder.acquire(key);
    List<Thread> threads = new ArrayList<>();
    Map<Thread, Throwable> outcomes = new ConcurrentHashMap<>();
    Map<Thread, Boolean> flags = new ConcurrentHashMap<>();
    for (int i = 0; i < 2; i++) { // one waits in Redis, one in the executor's queue behind it
      Thread thread = new Thread(() -> {
        try {
          waiter.acquire(key, waitAtMost(Duration.ofSeconds(30)));
        } catch (Throwable e) {
          outcomes.put(Thread.currentThread(), e);
          flags.put(Thread.currentThread(), Thread.currentThread().isInterrupted());
        }
      });
      threads.add(thread);
      thread.start();
    }
    assertThat(waiting.await(BOUND.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
    for (Thread thread : threads) {
      thread.interrupt();
      thread.join(BOUND.toMillis());
      assertThat(outcomes.get(thread)).isInstanceOf(LockInterruptedException.class);
      assertThat(flags.get(thread)).as("interrupt flag kept").isTrue();
    }
    held.release();
    assertThat(waiter.tryAcquire(key)).as("the queue is free again").hasValueSatisfying(Lease::release);
  }

  @Test
  void runningOutOfWaitTimeIsAPreciseExceptionAndTryAcquireDoesNotWait() throws Exception {
    RedisLockExecutor holder = executor();
    RedisLockExecutor other = executor();
    TestKey key = TestKey.of("order", 9);
    Lease held = holder.acquire(key);

    assertThatThrownBy(() -> other.acquire(key, waitAtMost(Duration.ofMillis(200))))
        .isInstanceOfSatisfying(LockTimeoutException.class, e -> {
          assertThat(e.fullKey()).isEqualTo(held.fullKey());
          assertThat(e.waitTime()).isEqualTo(Duration.ofMillis(200));
          assertThat(e.getMessage()).contains(held.fullKey()).contains("200 ms").doesNotContain(held.ownerToken());
        });
    Future<Throwable> sameExecutor = threads(1).submit(() -> {
      try {
        holder.acquire(key, waitAtMost(Duration.ofMillis(200)));
        return null;
      } catch (LockTimeoutException e) {
        return e;
      }
    });
    assertThat(sameExecutor.get(10, TimeUnit.SECONDS)).as("waiting in the local queue").isInstanceOf(LockTimeoutException.class);
    assertThat(other.tryAcquire(key)).isEmpty();
    assertThat(holder.tryAcquire(key)).as("held by another thread here").isEmpty();
    assertThat(held.release()).isTrue();
    assertThat(other.tryAcquire(key)).hasValueSatisfying(lease -> assertThat(lease.release()).isTrue());
  }

  @Test
  void threadsOfOneExecutorTakeTurns() throws Exception {
    RedisLockExecutor locks = executor();
    TestKey key = TestKey.of("order", 10);
    int threads = 4;
    int cycles = 50;
    List<Long> holders = Collections.synchronizedList(new ArrayList<>());
    ExecutorService pool = threads(threads);
    List<Future<?>> done = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      done.add(pool.submit(() -> {
        for (int i = 0; i < cycles; i++) {
          locks.withLock(key, lease -> holders.add(Thread.currentThread().getId()));
        }
        return null;
      }));
    }
    for (Future<?> future : done) {
      future.get();
    }
    long handoffs = 0;
    for (int i = 1; i < holders.size(); i++) {
      handoffs += holders.get(i).equals(holders.get(i - 1)) ? 0 : 1;
    }
    assertThat(holders).hasSize(threads * cycles);
    assertThat(handoffs).as("acquisitions by another thread than the previous one").isGreaterThan(holders.size() / 2);
    assertThat(scan("lock:" + env + ":*")).isEmpty();
  }

  @Test
  void multiKeyLocksInOppositeOrdersNeverDeadlockOrOverlap() throws Exception {
    List<RedisLockExecutor> processes = List.of(executor(), executor());
    List<LockKey> keys = List.of(TestKey.of("order", 11), TestKey.of("payment", 11), TestKey.of("account", 11));
    Map<LockKey, AtomicInteger> inside = new ConcurrentHashMap<>();
    keys.forEach(key -> inside.put(key, new AtomicInteger()));
    AtomicInteger overlaps = new AtomicInteger();
    ExecutorService pool = threads(8);
    List<Future<?>> done = new ArrayList<>();
    for (int t = 0; t < 8; t++) {
      RedisLockExecutor locks = processes.get(t % 2);
      boolean reversed = t % 4 >= 2;
      done.add(pool.submit(() -> {
        for (int i = 0; i < 20; i++) {
          List<LockKey> order = new ArrayList<>(keys);
          if (reversed) {
            Collections.reverse(order);
          } else {
            Collections.shuffle(order);
          }
          List<LockKey> some = order.subList(0, 2 + i % 2);
          try (MultiLease all = locks.acquireAll(some, waitAtMost(Duration.ofSeconds(30)))) {
            all.leases().forEach(held -> overlaps.addAndGet(inside.get(held.key()).incrementAndGet() == 1 ? 0 : 1));
            all.leases().forEach(held -> inside.get(held.key()).decrementAndGet());
          }
        }
        return null;
      }));
    }
    for (Future<?> future : done) {
      future.get();
    }
    assertThat(overlaps).hasValue(0);
    assertThat(scan("lock:" + env + ":*")).isEmpty();
  }

  @Test
  void keysSharingASlotAreTakenAllOrNoneInOneScript() {
    RedisLockExecutor locks = executor();
    RedisLockExecutor other = executor();
    List<LockKey> keys = keysInOneSlot(3);
    Lease blocker = other.acquire(keys.get(1));

    assertThatThrownBy(() -> locks.acquireAll(keys, waitAtMost(Duration.ofMillis(100))))
        .isInstanceOfSatisfying(LockTimeoutException.class, e -> assertThat(e.fullKey()).isEqualTo(blocker.fullKey()));
    assertThat(scan("lock:" + env + ":*")).as("nothing taken").containsExactly(blocker.fullKey());

    blocker.release();
    try (MultiLease all = locks.acquireAll(List.of(keys.get(2), keys.get(0), keys.get(1), keys.get(0)))) {
      assertThat(all.leases()).extracting(Lease::key).containsExactlyElementsOf(sortedByFullKey(keys));
      assertThat(all.lease(keys.get(1)).fencingToken()).isGreaterThan(blocker.fencingToken());
      assertThat(all.extend(Duration.ofSeconds(5))).isTrue();
      assertThat(jedis.pttl(all.lease(keys.get(0)).fullKey())).isLessThanOrEqualTo(5000);
      assertThat(all.release()).isTrue();
      assertThat(all.isLost()).isFalse();
    }
    assertThat(scan("lock:" + env + ":*")).isEmpty();
  }

  @Test
  void keysInDifferentSlotsAreTakenReleasedAndExtendedWithoutCrossSlotErrors() {
    RedisLockExecutor locks = executor();
    List<LockKey> keys = List.of(TestKey.of("order", 12), TestKey.of("payment", 12), TestKey.of("account", 12));
    MultiLease all = locks.acquireAll(keys, LockOptions.builder().leaseTime(Duration.ofMillis(600)).renewal(true).build());
    assertThat(all.leases()).hasSize(3);
    assertThat(all.extend(Duration.ofSeconds(5))).isTrue();
    for (Lease lease : all.leases()) {
      assertThat(jedis.get(lease.fullKey())).isEqualTo(lease.ownerToken());
    }
    assertThat(all.release()).isTrue();
    assertThat(all.leases()).noneMatch(Lease::isRenewing);
    assertThat(leftovers()).allMatch(name -> name.startsWith("fence:") || name.startsWith("releaser:")).hasSize(6);
  }

  @Test
  void scriptsAreLoadedAgainAfterScriptFlush() throws Exception {
    CountDownLatch queued = new CountDownLatch(1);
    RedisLockExecutor locks = executor(countingContention(queued));
    RedisLockExecutor other = executor();
    TestKey key = TestKey.of("order", 13);
    locks.acquire(key).release();
    flushScripts();
    Lease lease = locks.acquire(key);
    flushScripts();
    assertThat(lease.extend(Duration.ofSeconds(5))).isTrue();
    flushScripts();
    Future<Lease> waiting = threads(1).submit(() -> locks.acquire(key)); // queues here, gets a handoff
    assertThat(queued.await(BOUND.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
    assertThat(lease.release()).isTrue();
    Lease next = waiting.get(10, TimeUnit.SECONDS);
    assertThat(next.fencingToken()).isGreaterThan(lease.fencingToken());
    flushScripts();
    assertThat(next.release()).isTrue();
    assertThat(other.tryAcquire(key)).hasValueSatisfying(Lease::release);
  }

  @Test
  void withLockReturnsTheResultAndPassesCheckedExceptionsThrough() {
    RedisLockExecutor locks = executor();
    TestKey key = TestKey.of("order", 14);
    long token = locks.withLock(key, Lease::fencingToken);
    assertThat(token).isPositive();
    assertThatThrownBy(() -> locks.withLock(key, lease -> {
      throw new IOException("disk full");
    })).isInstanceOf(IOException.class).hasMessage("disk full");
    assertThat(scan("lock:" + env + ":*")).as("released after the failure").isEmpty();
  }

  @Test
  void leaseExpiryFollowsTheMonotonicClockAndTheWallClockOnlyShowsIt() {
    MutableClock clock = new MutableClock(Instant.parse("2026-04-21T10:35:00Z"));
    RedisLockExecutor locks = track(RedisLockExecutor.builder(port, keyspace).clock(clock).build());
    Lease lease = locks.acquire(TestKey.of("order", 15), lease(Duration.ofSeconds(10)));
    assertThat(lease.expiry()).as("for display: the wall clock plus what is left")
        .isBetween(Instant.parse("2026-04-21T10:35:00Z"), Instant.parse("2026-04-21T10:35:10Z"));
    lease.checkHeld();
    clock.advance(Duration.ofSeconds(10));
    lease.checkHeld(); // a wall clock stepped forward ends no lease
    assertThat(lease.expiry()).isAfter(Instant.parse("2026-04-21T10:35:10Z"));
    assertThat(lease.release()).isTrue();
  }

  @Test
  void aWallClockSteppedBackKeepsNoLeaseAlive() {
    MutableClock clock = new MutableClock(Instant.parse("2026-04-21T10:35:00Z"));
    RedisLockExecutor locks = track(RedisLockExecutor.builder(port, keyspace).clock(clock).build());
    TestKey key = TestKey.of("order", 16);
    Lease lease = locks.acquire(key, lease(Duration.ofMillis(300)));
    clock.advance(Duration.ofSeconds(-5));
    RedisAwait.until("the lock expired in Redis", Duration.ofSeconds(10), () -> !jedis.exists(lease.fullKey()));
    assertThatThrownBy(lease::checkHeld).isInstanceOf(LeaseLostException.class).hasMessageContaining("ran out");
    Lease next = executor().tryAcquire(key).orElseThrow();
    assertThatThrownBy(lease::checkHeld).isInstanceOf(LeaseLostException.class);
    assertThat(next.release()).isTrue();
  }

  @Test
  @Timeout(60)
  void slowOnLostCallbacksDoNotStopOtherLeasesRenewals() throws Exception {
    RedisLockExecutor locks = executor();
    CountDownLatch callbacksRunning = new CountDownLatch(2);
    Consumer<Lease> synchronousAlert = lost -> {
      callbacksRunning.countDown();
      try {
        Thread.sleep(2500);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    };
    LockOptions alerting = LockOptions.builder().leaseTime(Duration.ofMillis(300)).renewal(true)
        .onLost(synchronousAlert).build();
    Lease doomedA = locks.acquire(TestKey.of("order", 17), alerting);
    Lease doomedB = locks.acquire(TestKey.of("order", 18), alerting);
    // renewed every 400 ms: callbacks blocking the renewal threads for 2.5 s would let it expire,
    // while a loaded machine delaying one renewal by most of a second does not
    Lease kept = locks.acquire(TestKey.of("order", 19),
        LockOptions.builder().leaseTime(Duration.ofMillis(1200)).renewal(true).build());
    jedis.del(doomedA.fullKey()); // the next renewals find them gone
    jedis.del(doomedB.fullKey());
    assertThat(callbacksRunning.await(20, TimeUnit.SECONDS)).as("both onLost callbacks started").isTrue();
    assertThat(Thread.getAllStackTraces().keySet()).as("no callback on a renewal thread")
        .noneMatch(thread -> thread.getName().startsWith("lockkey-renewal-")
            && List.of(thread.getStackTrace()).stream().anyMatch(frame -> frame.getMethodName().equals("sleep")));
    long until = System.nanoTime() + Duration.ofMillis(2400).toNanos(); // two lease times of the kept lease
    while (System.nanoTime() - until < 0) {
      assertThat(jedis.get(kept.fullKey())).as("the kept lease's owner token").isEqualTo(kept.ownerToken());
      Thread.sleep(50);
    }
    assertThat(doomedA.isLost()).isTrue();
    assertThat(doomedB.isLost()).isTrue();
    assertThat(kept.isLost()).isFalse();
    assertThat(kept.release()).isTrue();
  }

  @Test
  void statsCountTrackedKeysWaitersAndLeases() throws Exception {
    RedisLockExecutor locks = executor();
    assertThat(counted(locks)).isEqualTo(new ExecutorStats(0, 0, 0, 0, true, null));
    TestKey key = TestKey.of("order", 20);
    Lease first = locks.acquire(key, LockOptions.builder().renewal(true).build());
    Lease plain = locks.acquire(TestKey.of("order", 21));
    assertThat(counted(locks)).isEqualTo(new ExecutorStats(2, 0, 2, 1, true, null));
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Future<Lease> waiting = pool.submit(() -> locks.acquire(key, waitAtMost(Duration.ofSeconds(30))));
      RedisAwait.until("the second thread waits", Duration.ofSeconds(10), () -> locks.stats().threadsWaiting() == 1);
      assertThat(counted(locks)).isEqualTo(new ExecutorStats(2, 1, 2, 1, true, null));
      assertThat(first.release()).isTrue();
      Lease next = waiting.get(10, TimeUnit.SECONDS);
      RedisAwait.until("the handoff counted", Duration.ofSeconds(10),
          () -> counted(locks).equals(new ExecutorStats(2, 0, 2, 0, true, null)));
      assertThat(next.release()).isTrue();
      assertThat(plain.release()).isTrue();
      assertThat(counted(locks)).isEqualTo(new ExecutorStats(0, 0, 0, 0, true, null));
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void theTestServersCannotEvictLocks() {
    RedisLockExecutor locks = executor();
    RedisAwait.until("the eviction policy checked", Duration.ofSeconds(10),
        () -> locks.stats().evictionPolicySafe() != EvictionSafety.UNKNOWN);
    assertThat(locks.stats().evictionPolicySafe()).as("maxmemory 0 on every node").isEqualTo(EvictionSafety.SAFE);
  }

  /** The stats without the eviction finding, which a check in the background sets on its own time. */
  static ExecutorStats counted(RedisLockExecutor locks) {
    ExecutorStats stats = locks.stats();
    return new ExecutorStats(stats.keysTracked(), stats.threadsWaiting(), stats.leasesHeld(), stats.leasesRenewing(),
        stats.subscriberHealthy(), null);
  }

  @Test
  void foreverWaitTimesWorkAndForeverLeaseTimesAreRejected() {
    RedisLockExecutor locks = executor();
    LockOptions waitForever = waitAtMost(ChronoUnit.FOREVER.getDuration());
    Lease lease = locks.acquire(TestKey.of("order", 22), waitForever);
    assertThatThrownBy(() -> lease.extend(ChronoUnit.FOREVER.getDuration()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("leaseTime must be at most");
    assertThatThrownBy(() -> lease.extend(Duration.ofSeconds(Long.MAX_VALUE)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("leaseTime must be at most");
    assertThat(lease.extend(LockOptions.MAX_LEASE_TIME)).isTrue();
    assertThat(lease.remainingNanos()).isPositive();
    lease.checkHeld();
    assertThat(lease.release()).isTrue();
    try (MultiLease all = locks.acquireAll(keysInOneSlot(2), waitForever)) {
      assertThat(all.isLost()).isFalse();
      assertThatThrownBy(() -> all.extend(ChronoUnit.FOREVER.getDuration()))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("leaseTime must be at most");
    }
    assertThat(locks.withLock(TestKey.of("order", 23), waitForever, Lease::fencingToken)).isPositive();
  }

  /** {@code count} keys of different specs and ids whose bodies hash to one cluster slot. */
  static List<LockKey> keysInOneSlot(int count) {
    List<LockKey> keys = new ArrayList<>();
    TestKey first = TestKey.of("order", "slot");
    keys.add(first);
    int slot = JedisClusterCRC16.getSlot(first.canonical());
    for (int id = 0; keys.size() < count; id++) {
      TestKey candidate = TestKey.of("payment", id);
      if (JedisClusterCRC16.getSlot(candidate.canonical()) == slot) {
        keys.add(candidate);
      }
    }
    return keys;
  }

  private List<LockKey> sortedByFullKey(List<LockKey> keys) {
    List<LockKey> sorted = new ArrayList<>(keys);
    sorted.sort((a, b) -> keyspace.fullKey("lock", a).compareTo(keyspace.fullKey("lock", b)));
    return sorted;
  }

  /** A clock that tests move by hand. */
  static final class MutableClock extends Clock {
    private volatile Instant now;

    MutableClock(Instant start) {
      this.now = start;
    }

    void advance(Duration duration) {
      now = now.plus(duration);
    }

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public ZoneOffset getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      throw new UnsupportedOperationException();
    }
  }
}
