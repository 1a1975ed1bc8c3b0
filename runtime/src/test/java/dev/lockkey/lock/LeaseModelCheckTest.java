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
        // the store's bookkeeping: single steps, so the switches go to the lease (not runRenewal, which
        // runs the lease's code: an atomic section would hide its lock from the model)
        .addGuarantee(forClasses(RecordingLeaseControl.class.getName())
            .methods("release", "extend", "ended", "scheduleRenewal", "violations").treatAsAtomic());
  }

  /** The store holds the lock: the release finds it held, the lease is released and not lost. */
  @Param(name = "thread", gen = ThreadIdGen.class)
  public static class HeldLock {
    private final RecordingLeaseControl control = new RecordingLeaseControl(true);
    private final Lease lease = control.lease();
    private volatile boolean released;

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
      check(released && !lease.isLost(), "released and not lost", lease);
    }
  }

  /** The store lost the lock before both: the release or the renewal finds out, the lease is lost. */
  @Param(name = "thread", gen = ThreadIdGen.class)
  public static class LostLock {
    private final RecordingLeaseControl control = new RecordingLeaseControl(false);
    private final Lease lease = control.lease();
    private volatile boolean released = true;

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
      check(!released && lease.isLost(), "found not held and lost", lease);
    }
  }
}
