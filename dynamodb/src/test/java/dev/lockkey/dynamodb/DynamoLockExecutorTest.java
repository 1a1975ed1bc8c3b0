package dev.lockkey.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.lock.ContractKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockInterruptedException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.MultiLease;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** What is particular to the DynamoDB executor, on dynalite: clocks, polling, the multi-key rule, failures. */
@ExtendWith(DynaliteExtension.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DynamoLockExecutorTest {
  private static final String TABLE = "locks-executor-test";
  private static final LockOptions SHORT_LEASE = LockOptions.builder().leaseTime(Duration.ofMillis(300)).build();
  private static final LockOptions PATIENT = LockOptions.builder().waitTime(Duration.ofSeconds(20)).build();

  private static DynaliteServer dynalite;
  private static DynamoDbClient client;

  private final Keyspace keyspace = Keyspace.of("x" + Long.toHexString(System.nanoTime()));
  private final List<AutoCloseable> closing = new ArrayList<>();

  @BeforeAll
  static void createTable(DynaliteServer server, DynamoDbClient dynamoDb) {
    dynalite = server;
    client = dynamoDb;
    DynamoLockTable.createTable(client, TABLE);
  }

  @AfterEach
  void closeAll() throws Exception {
    for (AutoCloseable resource : closing) {
      resource.close();
    }
  }

  @Test
  void threeExecutorsOnClientsOfTheirOwnNeverOverlapAndTheLedgerAcceptsEveryWrite() throws Exception {
    ContractKey key = ContractKey.of("order", "ledger");
    FencedLedger ledger = new FencedLedger();
    AtomicInteger inside = new AtomicInteger();
    AtomicInteger overlaps = new AtomicInteger();
    int cycles = 6;
    List<DynamoLockExecutor> executors = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      executors.add(executor(DynamoLockExecutor.builder(track(TestClients.on(dynalite.port())), TABLE, keyspace)));
    }

    List<Integer> rejected = concurrently(executors.size(), index -> {
      int rejections = 0;
      for (int i = 0; i < cycles; i++) {
        try (Lease lease = executors.get(index).acquire(key, PATIENT)) {
          if (inside.incrementAndGet() != 1) {
            overlaps.incrementAndGet();
          }
          rejections += ledger.write(lease.fencingToken()) ? 0 : 1;
          inside.decrementAndGet();
        }
      }
      return rejections;
    });

    assertThat(overlaps).hasValue(0);
    assertThat(rejected).as("writes a fenced ledger refused").containsOnly(0);
    assertThat(ledger.writes()).isEqualTo(3 * cycles);
  }

  @Test
  void aTakerWhoseClockRunsAheadMayOverlapTheHolderAndFencingRefusesTheHolder() {
    ContractKey key = ContractKey.of("order", "skew");
    FencedLedger ledger = new FencedLedger();
    TestClock holderClock = TestClock.atSystemTime();
    TestClock aheadClock = new TestClock(holderClock.millis() + Duration.ofSeconds(31).toMillis());
    DynamoLockExecutor holder = executor(DynamoLockExecutor.builder(client, TABLE, keyspace).clock(holderClock));
    DynamoLockExecutor ahead = executor(DynamoLockExecutor.builder(client, TABLE, keyspace).clock(aheadClock));

    Lease first = holder.acquire(key); // 30 s by the holder's clock
    Lease second = ahead.tryAcquire(key).orElseThrow(); // expired already by a clock 31 s ahead

    assertThat(second.fencingToken()).isGreaterThan(first.fencingToken());
    assertThat(ledger.write(second.fencingToken())).isTrue();
    assertThat(ledger.write(first.fencingToken())).as("the old holder's late write").isFalse();
    assertThat(first.release()).as("its release changes nothing").isFalse();
    assertThat(second.release()).isTrue();
  }

  @Test
  void fencingTokensRiseAfterAnExpiryAcrossExecutors() {
    ContractKey key = ContractKey.of("order", "expiry");
    DynamoLockExecutor first = executor(DynamoLockExecutor.builder(client, TABLE, keyspace));
    DynamoLockExecutor second = executor(DynamoLockExecutor.builder(client, TABLE, keyspace));
    long last = 0;
    for (int i = 0; i < 3; i++) {
      Lease leaked = (i % 2 == 0 ? first : second).acquire(key, SHORT_LEASE); // never released
      Lease next = (i % 2 == 0 ? second : first).acquire(key, PATIENT);
      assertThat(leaked.fencingToken()).isGreaterThan(last);
      assertThat(next.fencingToken()).isGreaterThan(leaked.fencingToken());
      last = next.fencingToken();
      assertThat(next.release()).isTrue();
    }
  }

  @Test
  void aStaleHoldersReleaseAndExtensionLeaveTheItemAsTheNextHolderWroteIt() {
    ContractKey key = ContractKey.of("order", "stale");
    DynamoLockExecutor locks = executor(DynamoLockExecutor.builder(client, TABLE, keyspace));
    AtomicInteger lost = new AtomicInteger();
    DynamoLockExecutor staleLocks = executor(DynamoLockExecutor.builder(client, TABLE, keyspace)
        .listener(new LockListener() {
          @Override
          public void onLeaseLost(LockKey lockKey) {
            lost.incrementAndGet();
          }
        }));
    Lease stale = staleLocks.acquire(key, SHORT_LEASE);
    Lease next = locks.acquire(key, PATIENT);
    DynamoLockStore store = DynamoLockStore.create(client, TABLE);
    LockItem before = store.read(next.fullKey()).orElseThrow();

    assertThat(stale.extend(Duration.ofMinutes(1))).isFalse();
    assertThat(stale.release()).isFalse();

    assertThat(store.read(next.fullKey())).contains(before);
    assertThat(lost).hasValue(1);
    assertThat(next.release()).isTrue();
  }

  @Test
  void acquireAllExtendsTheEarlierLeasesBeforeItReturns() throws Exception {
    ContractKey first = ContractKey.of("account", "1");
    ContractKey second = ContractKey.of("account", "2");
    DynamoLockExecutor locks = executor(DynamoLockExecutor.builder(client, TABLE, keyspace));
    DynamoLockExecutor other = executor(DynamoLockExecutor.builder(client, TABLE, keyspace));
    Lease blocker = other.acquire(second);
    ExecutorService thread = Executors.newSingleThreadExecutor();
    try {
      Future<MultiLease> both = thread.submit(() -> locks.acquireAll(List.of(second, first), PATIENT));
      DynamoLockStore store = DynamoLockStore.create(client, TABLE);
      awaitItem(store, keyspace.fullKey("lock", first)); // the first key is taken, the second awaited
      blocker.release();

      MultiLease all = both.get(30, TimeUnit.SECONDS);

      LockItem firstItem = store.read(all.leases().get(0).fullKey()).orElseThrow();
      LockItem secondItem = store.read(all.leases().get(1).fullKey()).orElseThrow();
      assertThat(firstItem.leaseUntilMillis()).as("extended after the second was taken")
          .isGreaterThanOrEqualTo(secondItem.leaseUntilMillis());
      assertThat(all.release()).isTrue();
    } finally {
      thread.shutdownNow();
    }
  }

  @Test
  void acquireAllStartsAgainWhenAnEarlierLeaseWasLostWhileItWaited() throws Exception {
    ContractKey first = ContractKey.of("account", "1");
    ContractKey second = ContractKey.of("account", "2");
    DynamoLockExecutor locks = executor(DynamoLockExecutor.builder(client, TABLE, keyspace));
    DynamoLockExecutor other = executor(DynamoLockExecutor.builder(client, TABLE, keyspace));
    LockOptions shortAndPatient = SHORT_LEASE.toBuilder().waitTime(Duration.ofSeconds(20)).build();
    Lease blocker = other.acquire(second);
    ExecutorService thread = Executors.newSingleThreadExecutor();
    try {
      Future<MultiLease> both = thread.submit(() -> locks.acquireAll(List.of(first, second), shortAndPatient));
      awaitItem(DynamoLockStore.create(client, TABLE), keyspace.fullKey("lock", first));
      Lease thief = other.acquire(first, PATIENT); // once the first lease of acquireAll ran out
      long thiefToken = thief.fencingToken();
      thief.release();
      blocker.release();

      MultiLease all = both.get(30, TimeUnit.SECONDS);

      assertThat(all.isLost()).isFalse();
      assertThat(all.lease(first).fencingToken()).as("taken again after the thief").isGreaterThan(thiefToken);
      all.release(); // its 300 ms leases may have run out by now on a busy machine: no assertion on it
    } finally {
      thread.shutdownNow();
    }
  }

  @Test
  void aHeldLockIsAnAnswerThrottlingAndAnUnreachableEndpointArePreciseExceptions() {
    ContractKey key = ContractKey.of("order", "failures");
    List<LockException> errors = new CopyOnWriteArrayList<>();
    LockListener recording = new LockListener() {
      @Override
      public void onError(LockKey lockKey, LockException error) {
        errors.add(error);
      }
    };
    ThrottlingProxy proxy = track(new ThrottlingProxy(dynalite.port()));
    DynamoLockExecutor throttled = executor(
        DynamoLockExecutor.builder(track(TestClients.on(proxy.port())), TABLE, keyspace).listener(recording));
    DynamoLockExecutor unreachable = executor(
        DynamoLockExecutor.builder(track(TestClients.on(TestClients.closedPort())), TABLE, keyspace)
            .listener(recording));
    Lease held = executor(DynamoLockExecutor.builder(client, TABLE, keyspace)).acquire(key);

    assertThat(throttled.tryAcquire(key)).as("held: a conditional failure").isEmpty();
    proxy.throttleNext(Integer.MAX_VALUE);
    assertThatThrownBy(() -> throttled.acquire(key, PATIENT)).isInstanceOf(DynamoThrottledException.class);
    assertThatThrownBy(() -> unreachable.acquire(key, PATIENT)).isInstanceOf(DynamoUnavailableException.class);

    assertThat(errors).hasExactlyElementsOfTypes(DynamoThrottledException.class, DynamoUnavailableException.class);
    assertThat(held.release()).isTrue();
  }

  @Test
  void anInterruptedWaiterGivesUpKeepsItsFlagAndCanStillRelease() throws Exception {
    ContractKey key = ContractKey.of("order", "interrupt");
    DynamoLockExecutor locks = executor(DynamoLockExecutor.builder(client, TABLE, keyspace));
    Lease held = locks.acquire(key);
    ExecutorService thread = Executors.newSingleThreadExecutor();
    try {
      Future<Boolean> waiter = thread.submit(() -> {
        Thread.currentThread().interrupt();
        try {
          locks.acquire(key, PATIENT);
          return false;
        } catch (LockInterruptedException expected) {
          return Thread.currentThread().isInterrupted();
        }
      });
      assertThat(waiter.get(30, TimeUnit.SECONDS)).as("flag kept").isTrue();

      Future<Boolean> interruptedRelease = thread.submit(() -> {
        Thread.currentThread().interrupt();
        return held.release() && Thread.currentThread().isInterrupted();
      });
      assertThat(interruptedRelease.get(30, TimeUnit.SECONDS)).as("released, flag kept").isTrue();
    } finally {
      thread.shutdownNow();
    }
    assertThat(locks.tryAcquire(key)).hasValueSatisfying(Lease::release);
  }

  @Test
  void anUncontendedAcquireAndReleaseAreOneRequestEach() {
    ThrottlingProxy proxy = track(new ThrottlingProxy(dynalite.port()));
    DynamoLockExecutor locks = executor(
        DynamoLockExecutor.builder(track(TestClients.on(proxy.port())), TABLE, keyspace));
    ContractKey key = ContractKey.of("order", "cost");

    Lease lease = locks.acquire(key);
    assertThat(proxy.requests()).isEqualTo(1);
    lease.release();
    assertThat(proxy.requests()).isEqualTo(2);
  }

  @Test
  void threadsOfOneExecutorWaitForEachOtherWithoutRequests() throws Exception {
    ContractKey key = ContractKey.of("order", "siblings");
    ThrottlingProxy proxy = track(new ThrottlingProxy(dynalite.port()));
    CountDownLatch waiting = new CountDownLatch(2);
    DynamoLockExecutor locks = executor(DynamoLockExecutor.builder(track(TestClients.on(proxy.port())), TABLE, keyspace)
        .listener(new LockListener() {
          @Override
          public void onContended(LockKey lockKey) {
            waiting.countDown();
          }
        }));
    Lease first = locks.acquire(key);
    ExecutorService siblings = Executors.newFixedThreadPool(2);
    try {
      List<Future<Long>> tokens = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        tokens.add(siblings.submit(() -> {
          try (Lease lease = locks.acquire(key, PATIENT)) {
            return lease.fencingToken();
          }
        }));
      }
      assertThat(waiting.await(20, TimeUnit.SECONDS)).as("both siblings wait").isTrue();
      assertThat(locks.tryAcquire(key)).as("a sibling holds it").isEmpty();
      assertThat(proxy.requests()).as("waiting siblings ask DynamoDB nothing").isEqualTo(1);

      first.release();
      for (Future<Long> token : tokens) {
        assertThat(token.get(20, TimeUnit.SECONDS)).isGreaterThan(first.fencingToken());
      }
    } finally {
      siblings.shutdownNow();
    }
    assertThat(proxy.requests()).as("one take and one release per lease").isEqualTo(6);
  }

  @Test
  void aLeakedLeaseStopsBlockingItsOwnExecutorOnceItRanOut() {
    ContractKey key = ContractKey.of("order", "leaked");
    DynamoLockExecutor locks = executor(DynamoLockExecutor.builder(client, TABLE, keyspace));
    Lease leaked = locks.acquire(key, SHORT_LEASE); // never released

    Lease next = locks.acquire(key, PATIENT);

    assertThat(next.fencingToken()).isGreaterThan(leaked.fencingToken());
    assertThat(leaked.release()).isFalse();
    assertThat(next.release()).isTrue();
    assertThat(locks.tryAcquire(key)).hasValueSatisfying(Lease::release);
  }

  private DynamoLockExecutor executor(DynamoLockExecutorBuilder builder) {
    return track(builder.build());
  }

  private <T extends AutoCloseable> T track(T resource) {
    closing.add(0, resource); // closed in reverse order: executors before their clients and proxies
    return resource;
  }

  /** Waits until the item of {@code fullKey} exists: a bounded loop, not a timing assumption. */
  private static void awaitItem(DynamoLockStore store, String fullKey) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (store.read(fullKey).isEmpty()) {
      assertThat(System.nanoTime() - deadline).as("the item of %s appeared", fullKey).isNegative();
      Thread.sleep(10);
    }
  }

  /** Runs one task per index on threads of their own; fails with the first failure. */
  private static <T> List<T> concurrently(int count, Task<T> task) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(count);
    try {
      List<Future<T>> futures = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        int index = i;
        futures.add(pool.submit(() -> task.run(index)));
      }
      List<T> results = new ArrayList<>();
      for (Future<T> future : futures) {
        results.add(future.get(50, TimeUnit.SECONDS));
      }
      return results;
    } finally {
      pool.shutdownNow();
    }
  }

  @FunctionalInterface
  private interface Task<T> {
    T run(int index) throws Exception;
  }

  /** A resource guarded by fencing tokens: it refuses a write whose token is not above the last one it took. */
  private static final class FencedLedger {
    private long highest;
    private int writes;

    synchronized boolean write(long token) {
      if (token <= highest) {
        return false;
      }
      highest = token;
      writes++;
      return true;
    }

    synchronized int writes() {
      return writes;
    }
  }
}
