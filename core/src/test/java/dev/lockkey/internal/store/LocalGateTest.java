package dev.lockkey.internal.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.lock.ContractKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LeaseControl;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The local gate alone, with leases of a test double: who gets in, who waits, and what it keeps. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class LocalGateTest {
  private static final String KEY = "lock:test:{order:contract:v1:1}";

  private final LocalGate gate = new LocalGate();

  @Test
  void aThreadThatLeavesOrWhoseLeaseEndedLeavesNothingBehind() throws InterruptedException {
    assertThat(gate.enter(KEY, System.nanoTime(), false)).isEqualTo(LocalGate.Outcome.ENTERED);
    gate.leave(KEY);
    assertThat(gate.keys()).isZero();

    Lease lease = lease(Duration.ofSeconds(30));
    assertThat(gate.enter(KEY, System.nanoTime(), false)).isEqualTo(LocalGate.Outcome.ENTERED);
    gate.hold(KEY, lease);
    assertThat(gate.keys()).isOne();
    gate.ended(lease);
    assertThat(gate.keys()).isZero();
  }

  @Test
  void anotherThreadFindsTheGateBusyOrTimesOut() throws InterruptedException {
    assertThat(gate.enter(KEY, System.nanoTime(), false)).isEqualTo(LocalGate.Outcome.ENTERED);

    assertThat(gate.enter(KEY, System.nanoTime(), false)).isEqualTo(LocalGate.Outcome.BUSY);
    assertThat(gate.enter(KEY, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(50), true))
        .isEqualTo(LocalGate.Outcome.TIMED_OUT);
    assertThat(gate.keys()).as("the thread inside").isOne();

    gate.leave(KEY);
    assertThat(gate.keys()).isZero();
  }

  @Test
  void aWaiterEntersWhenTheLeaseInsideEnds() throws Exception {
    Lease lease = lease(Duration.ofSeconds(30));
    gate.enter(KEY, System.nanoTime(), false);
    gate.hold(KEY, lease);
    ExecutorService thread = Executors.newSingleThreadExecutor();
    try {
      Future<LocalGate.Outcome> waiter =
          thread.submit(() -> gate.enter(KEY, System.nanoTime() + TimeUnit.SECONDS.toNanos(20), true));

      gate.ended(lease);

      assertThat(waiter.get(20, TimeUnit.SECONDS)).isEqualTo(LocalGate.Outcome.ENTERED);
      gate.leave(KEY);
      assertThat(gate.keys()).isZero();
    } finally {
      thread.shutdownNow();
    }
  }

  @Test
  void aLeaseThatRanOutUnendedStopsBlockingAndItsLateEndChangesNothing() throws InterruptedException {
    Lease ranOut = lease(Duration.ofNanos(-1)); // its lease time is over already
    gate.enter(KEY, System.nanoTime(), false);
    gate.hold(KEY, ranOut);

    assertThat(gate.enter(KEY, System.nanoTime(), false)).isEqualTo(LocalGate.Outcome.ENTERED);
    gate.ended(ranOut); // the stuck thread's lease ends after all
    assertThat(gate.enter(KEY, System.nanoTime(), false)).as("still the new thread's").isEqualTo(LocalGate.Outcome.BUSY);

    gate.leave(KEY);
    assertThat(gate.keys()).isZero();
  }

  /** A lease of a test double that runs out {@code left} from now. */
  static Lease lease(Duration left) {
    LeaseControl control = new LeaseControl() {
      @Override
      public boolean[] release(List<Lease> leases) {
        return new boolean[leases.size()];
      }

      @Override
      public boolean[] extend(List<Lease> leases, Duration leaseTime) {
        return new boolean[leases.size()];
      }

      @Override
      public void ended(Lease lease, boolean lost) {}

      @Override
      public Future<?> scheduleRenewal(Runnable renewal, long delayNanos) {
        return null;
      }

      @Override
      public void callback(Runnable callback) {
        callback.run();
      }

      @Override
      public LockListener listener() {
        return LockListener.NONE;
      }

      @Override
      public long nanoTime() {
        return System.nanoTime();
      }

      @Override
      public Clock clock() {
        return Clock.systemUTC();
      }
    };
    Duration leaseTime = Duration.ofSeconds(1);
    long sentAt = System.nanoTime() - leaseTime.toNanos() + left.toNanos();
    return new Lease(control, ContractKey.of("order", 1), KEY, "owner", 1,
        LockOptions.builder().leaseTime(leaseTime).build(), sentAt);
  }
}
