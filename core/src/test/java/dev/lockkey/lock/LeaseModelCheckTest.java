package dev.lockkey.lock;

import static dev.lockkey.lock.ModelChecks.check;
import static org.jetbrains.lincheck.datastructures.ManagedStrategyGuaranteeKt.forClasses;

import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * Model checks of a lease's release racing its watchdog ({@link Lease}, renewal and loss): Lincheck
 * runs the release on thread 1 and the watchdog's scheduled renewal on thread 2, on the real
 * class with a {@link RecordingLeaseControl} for the store, and explores their interleavings. No
 * extension may reach the store after the release was sent (it would keep a released lock alive),
 * the lease ends exactly once, and it is lost exactly when the store no longer held the lock.
 */
class LeaseModelCheckTest {
  @Test
  void aReleaseRacingItsRenewalSendsNoExtensionAfterItAndEndsTheLeaseOnce() {
    options().check(HeldLock.class);
  }

  @Test
  void aReleaseRacingTheRenewalOfALockTheStoreLostMarksTheLeaseLostOnce() {
    options().check(LostLock.class);
  }

  private static ModelCheckingOptions options() {
    return ModelChecks.twoThreads()
        // half the interleavings: a broken release is found in a few dozen, and CI time is shared
        .invocationsPerIteration(ModelChecks.INVOCATIONS / 2)
        // the store's bookkeeping: single steps, so the switches go to the lease (not runRenewal, which
        // runs the lease's code: an atomic section would hide its lock from the model)
        .addGuarantee(forClasses(RecordingLeaseControl.class.getName())
            .methods("release", "extend", "ended", "scheduleRenewal", "violations").treatAsAtomic());
  }

  /**
   * Thread 1 releases the lease, thread 2 runs its watchdog's renewal; then the lease must be
   * released and not lost when the store held the lock, found not held and lost when it did not.
   * Public, so that javac copies no bridges of its annotated methods into the subclasses, which
   * Lincheck would read twice.
   */
  @Param(name = "thread", gen = ThreadIdGen.class)
  public abstract static class ReleaseAndRenewal {
    private final boolean held;
    private final RecordingLeaseControl control;
    private final Lease lease;
    private volatile boolean released;

    ReleaseAndRenewal(boolean held) {
      this.held = held;
      this.control = new RecordingLeaseControl(held);
      this.lease = control.lease();
    }

    @Operation(params = "thread")
    public void act(int thread) {
      if (thread == 1) {
        released = lease.release();
      } else {
        control.runRenewal();
      }
    }

    @Validate
    public void done() {
      check(control.violations().isEmpty(), "violations", control.violations());
      check(released == held && lease.isLost() == !held, "released " + released + ", lost", lease);
    }
  }

  /** The store holds the lock. */
  public static class HeldLock extends ReleaseAndRenewal {
    public HeldLock() {
      super(true);
    }
  }

  /** The store lost the lock before both: the release or the renewal finds out. */
  public static class LostLock extends ReleaseAndRenewal {
    public LostLock() {
      super(false);
    }
  }
}
