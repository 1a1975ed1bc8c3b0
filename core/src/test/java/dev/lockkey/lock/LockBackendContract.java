package dev.lockkey.lock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The {@link LockExecutor} contract that every backend passes: a backend's test class extends this
 * and says how to make an executor on its store. Several executors of one test stand for several
 * processes; each test works in a key space of its own, so tests never see each other's keys.
 * Assertions are invariants (no overlap, rising tokens, who holds what), never durations: the
 * timing of a backend is its own tests' business.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public abstract class LockBackendContract {
  private static final AtomicInteger KEYSPACES = new AtomicInteger();
  private static final Duration LONG_WAIT = Duration.ofSeconds(30);
  /** For locks whose release fails: they run out soon, though no test waits for it. */
  private static final LockOptions SHORT_LEASE = LockOptions.builder().leaseTime(Duration.ofSeconds(2)).build();

  private final List<LockExecutor> executors = new ArrayList<>();
  private Keyspace keyspace;

  /**
   * A new executor on the store under test for {@code keyspace}, with the default options and
   * {@code listener}; the suite closes it after the test.
   */
  protected abstract LockExecutor newExecutor(Keyspace keyspace, LockListener listener);

  /**
   * A way to cut an executor off the store, for the cases of a store failure after the work ran;
   * {@code null}, the default, skips them (for a backend whose test cannot cut a connection). Called
   * once by each test that needs it, which closes it.
   */
  protected StoreOutage storeOutage() {
    return null;
  }

  /** A path to the store that a test can cut, e.g. a {@code TcpProxy} in front of the server. */
  public interface StoreOutage extends AutoCloseable {
    /**
     * A new executor on the store through this path, for {@code keyspace}, with the default
     * options and {@code listener}; the outage closes it, and its client.
     */
    LockExecutor executor(Keyspace keyspace, LockListener listener);

    /** From now on the executor's requests fail promptly (a refused connection, not a timeout). */
    void begin();

    @Override
    void close();
  }

  @BeforeEach
  void freshKeyspace() {
    keyspace = Keyspace.of("c" + KEYSPACES.incrementAndGet() + "-" + Long.toHexString(System.nanoTime()));
  }

  @AfterEach
  void closeExecutors() {
    executors.forEach(LockExecutor::close);
  }

  /** A new executor in this test's key space: another process, as far as the store can tell. */
  protected final LockExecutor executor() {
    return executor(LockListener.NONE);
  }

  /** A new executor in this test's key space that tells {@code listener}. */
  protected final LockExecutor executor(LockListener listener) {
    LockExecutor executor = newExecutor(keyspace, listener);
    executors.add(executor);
    return executor;
  }

  /** The key space of the running test. */
  protected final Keyspace keyspace() {
    return keyspace;
  }

  @Test
  public void threadsInThreeExecutorsNeverOverlapAndSeeRisingFencingTokens() throws Exception {
    List<LockExecutor> three = List.of(executor(), executor(), executor());
    ContractKey key = ContractKey.of("order", "race");
    LockOptions patient = waitAtMost(LONG_WAIT);
    AtomicInteger inside = new AtomicInteger();
    AtomicInteger overlaps = new AtomicInteger();
    AtomicLong lastToken = new AtomicLong();
    AtomicInteger fallingTokens = new AtomicInteger();
    int threadsPerExecutor = 2;
    int cycles = 5;

    List<Integer> done = Concurrently.run(three.size() * threadsPerExecutor, thread -> () -> {
      LockExecutor locks = three.get(thread % three.size());
      for (int i = 0; i < cycles; i++) {
        try (Lease lease = locks.acquire(key, patient)) {
          if (inside.incrementAndGet() != 1) {
            overlaps.incrementAndGet();
          }
          if (lease.fencingToken() <= lastToken.getAndSet(lease.fencingToken())) {
            fallingTokens.incrementAndGet();
          }
          Thread.yield(); // let others try while held
          inside.decrementAndGet();
        }
      }
      return cycles;
    });

    assertThat(done).containsOnly(cycles);
    assertThat(overlaps).as("holders at once beyond one").hasValue(0);
    assertThat(fallingTokens).as("tokens not above the previous holder's").hasValue(0);
  }

  @Test
  public void tryAcquireOnAHeldKeyIsEmptyAndNeverWaits() {
    ContractKey key = ContractKey.of("order", "held");
    LockExecutor holder = executor();
    try (Lease held = holder.acquire(key)) {
      // a wait time that tryAcquire must ignore: the test's timeout would end a wait
      assertThat(executor().tryAcquire(key, waitAtMost(Duration.ofHours(1)))).isEmpty();
      assertThat(held.isLost()).isFalse();
    }
    assertThat(executor().tryAcquire(key)).hasValueSatisfying(Lease::release);
  }

  @Test
  public void acquireGivesUpAfterTheWaitTimeWithAPreciseException() {
    ContractKey key = ContractKey.of("order", "timeout");
    try (Lease held = executor().acquire(key)) {
      assertThatThrownBy(() -> executor().acquire(key, waitAtMost(Duration.ofMillis(300))))
          .isInstanceOf(LockTimeoutException.class)
          .satisfies(e -> {
            assertThat(((LockTimeoutException) e).fullKey()).isEqualTo(held.fullKey());
            assertThat(((LockTimeoutException) e).waitTime()).isEqualTo(Duration.ofMillis(300));
          });
    }
  }

  @Test
  public void aLeaseThatRanOutIsTakenOverAndItsReleaseAndExtensionChangeNothing() {
    ContractKey key = ContractKey.of("order", "expired");
    Lease stale = executor().acquire(key, LockOptions.builder().leaseTime(Duration.ofMillis(500)).build());
    LockExecutor other = executor();

    Lease next = other.acquire(key, waitAtMost(LONG_WAIT)); // free once the stale lease ran out

    assertThat(next.fencingToken()).isGreaterThan(stale.fencingToken());
    assertThat(stale.extend(Duration.ofSeconds(30))).isFalse();
    assertThat(stale.release()).isFalse();
    assertThat(stale.isLost()).isTrue();
    assertThatThrownBy(stale::checkHeld).isInstanceOf(LeaseLostException.class);
    assertThat(executor().tryAcquire(key)).as("the next holder still holds it").isEmpty();
    assertThat(next.release()).isTrue();
  }

  @Test
  public void anUnrenewedLeaseIsLostOnceItRanOutByTheMonotonicClock() throws InterruptedException {
    ContractKey key = ContractKey.of("order", "ran-out");
    Lease lease = executor().acquire(key, LockOptions.builder().leaseTime(Duration.ofMillis(500)).build());
    boolean lostAtOnce = lease.isLost();
    if (lease.remainingNanos() > 0) { // (a stalled test thread may see it run out already)
      assertThat(lostAtOnce).as("lost before it ran out").isFalse();
    }

    while (lease.remainingNanos() > 0) { // bounded by the lease, and the class's timeout
      Thread.sleep(TimeUnit.NANOSECONDS.toMillis(lease.remainingNanos()) + 1);
    }

    assertThat(lease.isLost()).as("no renewal, no round trip: it ran out").isTrue();
    assertThatThrownBy(lease::checkHeld).isInstanceOf(LeaseLostException.class);
    boolean released = lease.release();
    assertThat(lease.isLost()).as("after the release: what it found").isEqualTo(!released);
    // the local deadline is never later than the store's expiry, so the store may keep it a moment longer
    Lease next = executor().acquire(key, LockOptions.builder().waitTime(Duration.ofSeconds(2)).build());
    assertThat(next.release()).as("free once the store's lease ran out too").isTrue();
  }

  @Test
  public void fencingTokensRiseAcrossHoldersAndExecutors() {
    ContractKey key = ContractKey.of("order", "tokens");
    List<LockExecutor> two = List.of(executor(), executor());
    long last = 0;
    for (int i = 0; i < 6; i++) {
      Lease lease = two.get(i % 2).acquire(key);
      assertThat(lease.fencingToken()).as("holder %d", i).isGreaterThan(last);
      last = lease.fencingToken();
      assertThat(lease.release()).isTrue();
    }
  }

  @Test
  public void aSecondReleaseReportsFalseAndChangesNothing() {
    ContractKey key = ContractKey.of("order", "twice");
    Lease first = executor().acquire(key);
    assertThat(first.release()).isTrue();
    Lease second = executor().acquire(key);

    assertThat(first.release()).isFalse();

    assertThat(executor().tryAcquire(key)).isEmpty();
    assertThat(second.release()).isTrue();
  }

  @Test
  public void withLockReturnsTheResultAndReleasesAlsoWhenTheWorkThrows() {
    ContractKey key = ContractKey.of("order", "work");
    LockExecutor locks = executor();
    IOException failure = new IOException("the work failed");

    long token = locks.withLock(key, Lease::fencingToken);
    assertThat(token).isPositive();
    assertThatThrownBy(() -> locks.withLock(key, lease -> {
      throw failure;
    })).isSameAs(failure);

    assertThat(executor().tryAcquire(key)).as("released after the failure").hasValueSatisfying(Lease::release);
  }

  @Test
  public void withLockReturnsTheWorksResultWhenTheReleaseFailsAfterIt() {
    StoreOutage outage = storeOutage();
    assumeTrue(outage != null, "no way to cut this backend's executor off its store");
    try (outage) {
      List<LockException> errors = new CopyOnWriteArrayList<>();
      LockExecutor locks = outage.executor(keyspace, errorsInto(errors));
      AtomicInteger runs = new AtomicInteger();
      String result;
      List<LogRecord> warnings;
      try (CapturedWarnings captured = CapturedWarnings.of(locks.getClass().getPackageName())) {
        result = locks.withLock(ContractKey.of("payment", "captured"), SHORT_LEASE, lease -> {
          runs.incrementAndGet();
          outage.begin();
          return "captured";
        });
        warnings = captured.records();
      }

      assertThat(result).isEqualTo("captured");
      assertThat(runs).as("runs of the work").hasValue(1);
      assertThat(errors).as("the release's failure, told to the listener").isNotEmpty();
      assertThat(warnings).as("a warning in the executor's package's log").singleElement()
          .satisfies(warning -> assertThat(errors).contains((LockException) warning.getThrown()));
    }
  }

  @Test
  public void aWorksOwnExceptionIsThrownUnchangedWithTheFailedReleaseSuppressed() {
    StoreOutage outage = storeOutage();
    assumeTrue(outage != null, "no way to cut this backend's executor off its store");
    try (outage) {
      LockExecutor locks = outage.executor(keyspace, LockListener.NONE);
      IOException declined = new IOException("card declined");

      assertThatThrownBy(() -> locks.withLock(ContractKey.of("payment", "declined"), SHORT_LEASE, lease -> {
        outage.begin();
        throw declined;
      })).isSameAs(declined);
      assertThat(declined.getSuppressed()).singleElement().isInstanceOf(LockException.class);
    }
  }

  @Test
  public void withLockReturnsTheWorksResultWhenTheLeaseWasLostDuringIt() {
    ContractKey key = ContractKey.of("payment", "overtaken");
    List<String> heard = new CopyOnWriteArrayList<>();
    LockListener recording = new LockListener() {
      @Override
      public void onLeaseLost(LockKey lockKey) {
        heard.add("lost");
      }

      @Override
      public void onError(LockKey lockKey, LockException error) {
        heard.add("error " + error);
      }
    };
    LockExecutor locks = executor(recording);
    LockExecutor other = executor();
    List<Lease> next = new ArrayList<>();

    String result = locks.withLock(key, LockOptions.builder().leaseTime(Duration.ofMillis(300)).build(), lease -> {
      next.add(other.acquire(key, waitAtMost(LONG_WAIT))); // free once this lease ran out
      return "done";
    });

    assertThat(result).isEqualTo("done");
    assertThat(heard).as("a loss, no error").containsExactly("lost");
    assertThat(locks.tryAcquire(key)).as("the next holder's lock untouched by the release").isEmpty();
    assertThat(next.get(0).release()).isTrue();
  }

  @Test
  public void acquireAllTakesEveryKeyOrNone() {
    ContractKey first = ContractKey.of("account", "a");
    ContractKey second = ContractKey.of("account", "b");
    ContractKey third = ContractKey.of("account", "c");
    LockExecutor locks = executor();
    LockExecutor other = executor();
    Lease blocker = other.acquire(second);

    assertThatThrownBy(() -> locks.acquireAll(List.of(third, first, second), waitAtMost(Duration.ofMillis(300))))
        .isInstanceOf(LockTimeoutException.class);
    assertThat(other.tryAcquire(first)).as("none kept").hasValueSatisfying(Lease::release);
    assertThat(other.tryAcquire(third)).as("none kept").hasValueSatisfying(Lease::release);
    assertThat(blocker.release()).isTrue();

    MultiLease all = locks.acquireAll(List.of(third, first, second, first));
    assertThat(all.leases()).extracting(Lease::fullKey).as("one each, in canonical order")
        .containsExactly(fullKey(first), fullKey(second), fullKey(third));
    for (ContractKey key : List.of(first, second, third)) {
      assertThat(other.tryAcquire(key)).as("%s held", key).isEmpty();
    }
    assertThat(all.release()).isTrue();
    assertThat(other.tryAcquire(second)).hasValueSatisfying(Lease::release);
  }

  @Test
  public void multiKeyLocksInOppositeOrdersNeverDeadlockOrOverlap() throws Exception {
    ContractKey from = ContractKey.of("account", "from");
    ContractKey to = ContractKey.of("account", "to");
    List<LockExecutor> two = List.of(executor(), executor());
    AtomicInteger inside = new AtomicInteger();
    AtomicInteger overlaps = new AtomicInteger();
    int cycles = 5;

    List<Integer> done = Concurrently.run(2, thread -> () -> {
      List<ContractKey> order = thread == 0 ? List.of(from, to) : List.of(to, from);
      for (int i = 0; i < cycles; i++) {
        try (MultiLease both = two.get(thread).acquireAll(order, waitAtMost(LONG_WAIT))) {
          if (inside.incrementAndGet() != 1) {
            overlaps.incrementAndGet();
          }
          Thread.yield();
          inside.decrementAndGet();
        }
      }
      return cycles;
    });

    assertThat(done).containsOnly(cycles);
    assertThat(overlaps).hasValue(0);
  }

  @Test
  public void theWatchdogKeepsALeasePastItsLeaseTime() throws InterruptedException {
    ContractKey key = ContractKey.of("order", "renewed");
    Duration leaseTime = Duration.ofMillis(1500);
    Lease lease = executor().acquire(key, LockOptions.builder().leaseTime(leaseTime).renewal(true).build());
    LockExecutor other = executor();

    long until = System.nanoTime() + 2 * leaseTime.toNanos();
    while (System.nanoTime() < until) {
      assertThat(other.tryAcquire(key)).as("still held after renewals").isEmpty();
      Thread.sleep(100);
    }

    assertThat(lease.isLost()).isFalse();
    assertThat(lease.release()).isTrue();
    assertThat(other.tryAcquire(key)).hasValueSatisfying(Lease::release);
  }

  @Test
  public void anInterruptedWaiterGivesUpWithAPreciseExceptionAndKeepsItsFlag() throws Exception {
    ContractKey key = ContractKey.of("order", "interrupted");
    LockExecutor waiter = executor();
    try (Lease held = executor().acquire(key)) {
      List<Boolean> flagKept = Concurrently.run(1, thread -> () -> {
        Thread.currentThread().interrupt();
        try {
          waiter.acquire(key, waitAtMost(LONG_WAIT));
          return false;
        } catch (LockInterruptedException expected) {
          return Thread.currentThread().isInterrupted();
        }
      });
      assertThat(flagKept).containsExactly(true);
    }
    assertThat(waiter.tryAcquire(key)).as("usable after the interruption").hasValueSatisfying(Lease::release);
  }

  @Test
  public void theListenerHearsAcquisitionContentionReleaseAndLoss() {
    ContractKey key = ContractKey.of("order", "listened");
    List<String> heard = new CopyOnWriteArrayList<>();
    LockListener recording = new LockListener() {
      @Override
      public void onAcquired(LockKey lockKey, long waitNanos) {
        heard.add("acquired " + lockKey.canonical());
      }

      @Override
      public void onContended(LockKey lockKey) {
        heard.add("contended " + lockKey.canonical());
      }

      @Override
      public void onReleased(LockKey lockKey, long heldNanos) {
        heard.add("released " + lockKey.canonical());
      }

      @Override
      public void onLeaseLost(LockKey lockKey) {
        heard.add("lost " + lockKey.canonical());
      }
    };
    LockExecutor listened = executor(recording);
    LockExecutor other = executor();

    listened.acquire(key).release();
    Lease expiring = listened.acquire(key, LockOptions.builder().leaseTime(Duration.ofMillis(300)).build());
    Lease next = other.acquire(key, waitAtMost(LONG_WAIT));
    assertThat(listened.tryAcquire(key)).isEmpty();
    assertThat(expiring.release()).isFalse();
    next.release();

    String body = key.canonical();
    assertThat(heard).containsExactly("acquired " + body, "released " + body, "acquired " + body,
        "contended " + body, "lost " + body);
  }

  @Test
  public void aClosedExecutorRefusesNewAcquisitions() {
    LockExecutor locks = executor();
    locks.close();

    assertThatThrownBy(() -> locks.acquire(ContractKey.of("order", "closed")))
        .isInstanceOf(IllegalStateException.class);
  }

  private String fullKey(LockKey key) {
    return keyspace.fullKey(LockOptions.DEFAULT_PURPOSE, key);
  }

  private static LockListener errorsInto(List<LockException> errors) {
    return new LockListener() {
      @Override
      public void onError(LockKey key, LockException error) {
        errors.add(error);
      }
    };
  }

  private static LockOptions waitAtMost(Duration waitTime) {
    return LockOptions.builder().waitTime(waitTime).build();
  }
}
