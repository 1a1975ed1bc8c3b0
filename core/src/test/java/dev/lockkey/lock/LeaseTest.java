package dev.lockkey.lock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.LockKey;
import dev.lockkey.SpecDescriptor;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * The backend-neutral lease against an in-memory backend: the entry point a second backend or a
 * test double uses, and the watchdog's rules that no store is needed to show.
 */
class LeaseTest {
  private static final LockOptions RENEWED = LockOptions.builder()
      .leaseTime(Duration.ofSeconds(3)).renewal(true).onLost(LeaseTest::lostCallback).build();
  private static final List<Lease> LOST_CALLBACKS = new ArrayList<>();

  private static void lostCallback(Lease lease) {
    synchronized (LOST_CALLBACKS) {
      LOST_CALLBACKS.add(lease);
    }
  }

  @Test
  void aRenewalThatMeetsAnUnexpectedExceptionDeclaresTheLeaseLostAndTellsTheListener() {
    InMemoryControl control = new InMemoryControl((leases, time) -> {
      throw new IllegalStateException("a bug in the backend");
    });
    Lease lease = control.grant(RENEWED);
    lease.startRenewal();
    control.runRenewal();
    assertThat(lease.isLost()).isTrue();
    assertThat(control.callbacks).as("told off the renewal thread").hasSize(1);
    control.runCallbacks();
    assertThat(control.lostKeys).containsExactly(lease.key());
    synchronized (LOST_CALLBACKS) {
      assertThat(LOST_CALLBACKS).contains(lease);
    }
    assertThat(control.ended).containsExactly("lost");
  }

  @Test
  void aRenewalThatRunsAfterTheLeaseRanOutDeclaresItLostWithoutExtending() {
    InMemoryControl control = new InMemoryControl((leases, time) -> new boolean[] {true});
    Lease lease = control.grant(RENEWED);
    lease.startRenewal();
    control.nanos += Duration.ofSeconds(4).toNanos(); // the renewal thread was starved past the lease
    control.runRenewal();
    assertThat(control.extensions).as("no extension may revive it").isZero();
    assertThat(lease.isLost()).isTrue();
    assertThat(lease.isRenewing()).isFalse();
    assertThat(lease.extend(Duration.ofSeconds(3))).as("a lost lease stays lost").isFalse();
    assertThat(control.extensions).isZero();
  }

  @Test
  void expiryIsTheWallClockPlusWhatIsLeftAndCheckHeldIgnoresTheWallClock() {
    InMemoryControl control = new InMemoryControl((leases, time) -> new boolean[] {true});
    Lease lease = control.grant(LockOptions.builder().leaseTime(Duration.ofSeconds(3)).build());
    assertThat(lease.expiry()).isEqualTo(Instant.parse("2026-04-21T10:35:03Z"));
    control.clock = Clock.offset(control.clock, Duration.ofSeconds(-5));
    control.nanos += Duration.ofSeconds(3).toNanos();
    assertThatThrownBy(lease::checkHeld).isInstanceOf(LeaseLostException.class).hasMessageContaining("ran out");
  }

  @Test
  void aSuccessfulRenewalExtendsByTheMonotonicClockAndTellsTheListenerOffTheRenewalThread() {
    InMemoryControl control = new InMemoryControl((leases, time) -> new boolean[] {true});
    Lease lease = control.grant(RENEWED);
    lease.startRenewal();
    control.nanos += Duration.ofSeconds(1).toNanos();
    control.runRenewal();
    assertThat(lease.remainingNanos()).isEqualTo(Duration.ofSeconds(3).toNanos());
    assertThat(control.renewedKeys).as("not yet: the callback thread runs it").isEmpty();
    control.runCallbacks();
    assertThat(control.renewedKeys).containsExactly(lease.key());
    assertThat(lease.isRenewing()).isTrue();
    assertThat(lease.release()).isTrue();
    assertThat(lease.isRenewing()).isFalse();
    assertThat(control.ended).containsExactly("released");
  }

  @Test
  void isLostTurnsTrueWhenTheLeaseRunsOutByTheMonotonicClockAndAfterAReleaseTellsWhatItFound() {
    InMemoryControl control = new InMemoryControl((leases, time) -> new boolean[] {true});
    LockOptions unrenewed = LockOptions.builder().leaseTime(Duration.ofSeconds(3)).build();
    Lease ranOut = control.grant(unrenewed);
    Lease releasedInTime = control.grant(unrenewed);
    control.clock = Clock.offset(control.clock, Duration.ofHours(1)); // the wall clock changes nothing
    assertThat(ranOut.isLost()).isFalse();

    control.nanos += Duration.ofSeconds(1).toNanos();
    assertThat(releasedInTime.release()).isTrue();
    control.nanos += Duration.ofSeconds(2).toNanos();
    assertThat(ranOut.isLost()).as("at its deadline").isTrue();
    assertThat(releasedInTime.isLost()).as("released in time, then its deadline passed").isFalse();
    assertThat(control.lostKeys).as("running out is no loss found: no listener").isEmpty();

    assertThat(ranOut.release()).as("this store still held it").isTrue();
    assertThat(ranOut.isLost()).isFalse();
  }

  @Test
  void aClaimTakenLateHasItsFirstExtensionDueAfterAThirdOfWhatIsLeftAndKeepsTheLock() {
    InMemoryControl control = new InMemoryControl((leases, time) -> new boolean[] {true});
    LockOptions options = LockOptions.builder().leaseTime(Duration.ofSeconds(30)).renewal(false).build();
    Lease lease = new Lease(control, new Key(), "lock:test:{k}", "owner", 1, options, control.nanos,
        Duration.ofMillis(1990));
    control.nanos += Duration.ofMillis(1390).toNanos(); // the handover is read late: 600 ms of the claim left
    lease.startRenewal();
    assertThat(control.delays).as("a third of what is left, not of the whole claim (663 ms, past its end)")
        .containsExactly(Duration.ofMillis(200).toNanos());
    control.nanos += Duration.ofMillis(200).toNanos();
    control.runRenewal();
    assertThat(control.extensions).isOne();
    assertThat(lease.isLost()).isFalse();
    assertThat(lease.remainingNanos()).isEqualTo(Duration.ofSeconds(30).toNanos());
  }

  /** A backend in memory: time, renewals and callbacks advance only when the test says so. */
  private static final class InMemoryControl implements LeaseControl {
    private final BiFunction<List<Lease>, Duration, boolean[]> extendAnswer;
    private final List<Runnable> renewals = new ArrayList<>();
    private final List<Long> delays = new ArrayList<>();
    private final List<Runnable> callbacks = new ArrayList<>();
    private final List<LockKey> lostKeys = new ArrayList<>();
    private final List<LockKey> renewedKeys = new ArrayList<>();
    private final List<String> ended = new ArrayList<>();
    private long nanos = 1_000_000_000L;
    private int extensions;
    private Clock clock = Clock.fixed(Instant.parse("2026-04-21T10:35:00Z"), ZoneOffset.UTC);

    InMemoryControl(BiFunction<List<Lease>, Duration, boolean[]> extendAnswer) {
      this.extendAnswer = extendAnswer;
    }

    Lease grant(LockOptions options) {
      return new Lease(this, new Key(), "lock:test:{k}", "owner", 1, options, nanos);
    }

    void runRenewal() {
      assertThat(renewals).hasSize(1);
      renewals.remove(0).run();
    }

    void runCallbacks() {
      List<Runnable> due = new ArrayList<>(callbacks);
      callbacks.clear();
      due.forEach(Runnable::run);
    }

    @Override
    public boolean[] release(List<Lease> leases) {
      return new boolean[] {true};
    }

    @Override
    public boolean[] extend(List<Lease> leases, Duration leaseTime) {
      extensions++;
      return extendAnswer.apply(leases, leaseTime);
    }

    @Override
    public void ended(Lease lease, boolean lost) {
      ended.add(lost ? "lost" : "released");
    }

    @Override
    public Future<?> scheduleRenewal(Runnable renewal, long delayNanos) {
      renewals.add(renewal);
      delays.add(delayNanos);
      return new CompletableFuture<>();
    }

    @Override
    public void callback(Runnable callback) {
      callbacks.add(callback);
    }

    @Override
    public LockListener listener() {
      return new LockListener() {
        @Override
        public void onLeaseLost(LockKey key) {
          lostKeys.add(key);
        }

        @Override
        public void onRenewed(LockKey key) {
          renewedKeys.add(key);
        }
      };
    }

    @Override
    public long nanoTime() {
      return nanos;
    }

    @Override
    public Clock clock() {
      return clock;
    }
  }

  private record Key() implements LockKey {
    @Override
    public String canonical() {
      return "k";
    }

    @Override
    public SpecDescriptor spec() {
      throw new UnsupportedOperationException("not needed here");
    }
  }
}
