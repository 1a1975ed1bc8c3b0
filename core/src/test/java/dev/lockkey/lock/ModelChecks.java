package dev.lockkey.lock;

import static org.jetbrains.lincheck.datastructures.ManagedStrategyGuaranteeKt.forClasses;

import java.util.concurrent.locks.LockSupport;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.verifier.EpsilonVerifier;

/**
 * The Lincheck settings the model checks of the in-process concurrency share: two threads with one
 * operation each, whose role is its thread's id; results are not compared with a sequential run
 * (the operations return nothing), what fails a check is a deadlock or its validation. A timed park
 * wakes only on an unpark (Lincheck would let it return spuriously at any point, which hides a lost
 * wake-up: the thread would simply look again).
 */
public final class ModelChecks {
  /** Interleavings explored per check (-Dlockkey.modelcheck.invocations=N explores more, on demand). */
  public static final int INVOCATIONS = Integer.getInteger("lockkey.modelcheck.invocations", 1_000);

  private ModelChecks() {}

  /** Two threads, one operation each, {@link #INVOCATIONS} interleavings, timed parks without spurious wake-ups. */
  public static ModelCheckingOptions twoThreads() {
    return new ModelCheckingOptions()
        .iterations(1)
        .invocationsPerIteration(INVOCATIONS)
        .threads(2)
        .actorsPerThread(1)
        .actorsBefore(0)
        .actorsAfter(0)
        // each thread has its role (its id): a shrunk scenario would drop the step another waits for
        .minimizeFailedScenario(false)
        .verifier(EpsilonVerifier.class)
        // mute is Lincheck-internal in Kotlin, hence its name here
        .addGuarantee(forClasses(LockSupport.class.getName()).methods("parkNanos").mute$lincheck());
  }

  /**
   * Fails with {@code what} and {@code actual} unless {@code ok}. Plain, not AssertJ: Lincheck
   * follows every call made in a check, and AssertJ's objects refuse the {@code equals} it asks them.
   */
  public static void check(boolean ok, String what, Object actual) {
    if (!ok) {
      throw new AssertionError(what + ": " + actual);
    }
  }
}
