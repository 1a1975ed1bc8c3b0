package dev.lockkey.internal.store;

import static dev.lockkey.lock.ModelChecks.check;
import static org.jetbrains.lincheck.datastructures.ManagedStrategyGuaranteeKt.forClasses;

import dev.lockkey.lock.Lease;
import dev.lockkey.lock.ModelChecks;
import java.time.Duration;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * A model check of the local per-key gate of the polling stores ({@link LocalGate}, DynamoDB's
 * and PostgreSQL's): Lincheck runs three threads of a few operations each on the real class and
 * explores their interleavings; every result must be what {@link GateSpec}, a plain sequential
 * gate, answers in some order of the same operations that keeps each thread's order
 * (linearizability): two threads are never inside at once, a gate is busy only while someone is
 * inside, and it keeps no entry once everyone left.
 *
 * <p>The operations do not wait: a thread tries to enter, takes a lease inside or leaves (by
 * leaving without a lease, or by the lease's end); once all are done the gate must keep
 * its key exactly when a thread is still inside (while they run, a thread that only tries counts
 * for a moment, so the count is checked at the end, not as an operation). A waiting
 * {@code enter} sits in a timed {@code Object.wait}, which Lincheck 3.7 models as returning at once
 * with the monitor still held, so a wait loop reads as a livelock (docs/RELIABILITY.md); the
 * waiting path shares every step of the gate's bookkeeping with the try (joining the entry, the
 * monitor, leaving it), but not its loop, which the unit test covers.
 */
class LocalGateModelCheckTest {
  /** Scenarios per check, each explored in {@link ModelChecks#INVOCATIONS} / 10 interleavings. */
  private static final int SCENARIOS = 30;

  @Test
  void threadsEnterTheGateOneAtATimeAndItKeepsAnEntryOnlyWhileSomeoneIsInside() {
    new ModelCheckingOptions()
        .iterations(SCENARIOS)
        .invocationsPerIteration(Math.max(1, ModelChecks.INVOCATIONS / 10))
        .threads(3)
        .actorsPerThread(3)
        .actorsBefore(0)
        .actorsAfter(0)
        // the lease's own bookkeeping (a test double's): single steps, so the switches go to the gate
        .addGuarantee(forClasses(Lease.class.getName()).allMethods().treatAsAtomic())
        .sequentialSpecification(GateSpec.class)
        .check(Gate.class);
  }

  /**
   * The gate of one key and what each thread does at it; the class is its own sequential
   * specification. Each thread keeps its own state (outside, inside without a lease, holding one),
   * so it calls the gate only as the executor does. Public for Lincheck.
   */
  @Param(name = "thread", gen = ThreadIdGen.class)
  public static class Gate {
    private static final String KEY = "lock:test:{order:contract:v1:1}";
    private static final int MAX_THREADS = 4; // thread ids run from 1

    private final LocalGate gate = new LocalGate();
    private final boolean[] inside = new boolean[MAX_THREADS];
    private final Lease[] held = new Lease[MAX_THREADS];
    private final Lease[] leases = new Lease[MAX_THREADS];

    public Gate() {
      for (int i = 0; i < MAX_THREADS; i++) {
        leases[i] = LocalGateTest.lease(Duration.ofHours(1)); // runs out after the check
      }
    }

    /** Tries to enter without waiting: {@code ENTERED} or {@code BUSY}; {@code null} when inside already. */
    @Operation(params = "thread")
    public LocalGate.Outcome tryEnter(int thread) throws InterruptedException {
      if (inside[thread]) {
        return null;
      }
      LocalGate.Outcome outcome = gate.enter(KEY, System.nanoTime(), false);
      inside[thread] = outcome == LocalGate.Outcome.ENTERED;
      return outcome;
    }

    /** Inside without a lease, takes one (the store answered): whether it did. */
    @Operation(params = "thread")
    public boolean hold(int thread) {
      if (!inside[thread] || held[thread] != null) {
        return false;
      }
      held[thread] = leases[thread];
      gate.hold(KEY, held[thread]);
      return true;
    }

    /** Leaves: without a lease by {@code leave}, with one by its end (released or lost); whether it was inside. */
    @Operation(params = "thread")
    public boolean leave(int thread) {
      if (!inside[thread]) {
        return false;
      }
      if (held[thread] != null) {
        gate.ended(held[thread]);
      } else {
        gate.leave(KEY);
      }
      inside[thread] = false;
      held[thread] = null;
      return true;
    }

    /** Once all are done: the gate keeps the key exactly when a thread is inside (none waits any more). */
    @Validate
    public void keptWhileInside() {
      boolean anyInside = false;
      for (boolean in : inside) {
        anyInside |= in;
      }
      check(gate.keys() == (anyInside ? 1 : 0), "keys kept with a thread inside: " + anyInside, gate.keys());
    }
  }

  /** What the gate means, one operation at a time: at most one thread inside. Public for Lincheck. */
  public static class GateSpec {
    private final boolean[] inside = new boolean[Gate.MAX_THREADS];
    private final boolean[] holding = new boolean[Gate.MAX_THREADS];
    private int threadsInside;

    public LocalGate.Outcome tryEnter(int thread) {
      if (inside[thread]) {
        return null;
      }
      if (threadsInside > 0) {
        return LocalGate.Outcome.BUSY;
      }
      inside[thread] = true;
      threadsInside++;
      return LocalGate.Outcome.ENTERED;
    }

    public boolean hold(int thread) {
      if (!inside[thread] || holding[thread]) {
        return false;
      }
      holding[thread] = true;
      return true;
    }

    public boolean leave(int thread) {
      if (!inside[thread]) {
        return false;
      }
      inside[thread] = false;
      holding[thread] = false;
      threadsInside--;
      return true;
    }
  }
}
