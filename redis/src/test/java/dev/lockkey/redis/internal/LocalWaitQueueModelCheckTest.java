package dev.lockkey.redis.internal;

import static dev.lockkey.lock.ModelChecks.check;
import static org.jetbrains.lincheck.datastructures.ManagedStrategyGuaranteeKt.forClasses;

import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.ModelChecks;
import dev.lockkey.redis.RedisUnavailableException;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * Model checks of the executor's local wait queue and hand-off ({@link LocalWaitQueue},
 * {@link KeyQueue}): Lincheck runs two threads on the real classes, with a {@link ModelStore} for
 * Redis ({@link ModelExecutor}), and explores their interleavings, switching threads at shared
 * reads and writes, locks, parks and unparks. Before the threads start, a lease holds the lock;
 * thread 1 releases it (or its attempt fails), thread 2 queues behind it, takes the lock and
 * releases it. A thread that parks for good (a lost wake-up: it sleeps through its grant or turn)
 * shows as a deadlock; a second holder, a token out of order, a command the store refuses or a
 * queue left behind fail the validation.
 *
 * <p>A timed park returns only on an unpark ({@link ModelChecks#twoThreads()}), never by its time,
 * which here is the hour of the wait's deadline: a wait must end by a hand-off. The queue's lock,
 * a {@code ReentrantLock}, parks in the same model with the same permit, so it can use an unpark
 * up as it did in the stall of issue 15 (docs/RELIABILITY.md shows the interleaving found with
 * that fix reverted).
 */
class LocalWaitQueueModelCheckTest {
  @Test
  void aThreadQueuedBehindTheHolderIsGrantedTheLock() {
    options().check(Grant.class);
  }

  @Test
  void aThreadQueuedBehindTheHolderGetsItsTurn() {
    options().check(Turn.class);
  }

  @Test
  void aThreadQueuedBehindAHolderThatFailsFailsWithItOrTakesTheLockAfterIt() {
    options().check(Failure.class);
  }

  private static ModelCheckingOptions options() {
    return ModelChecks.twoThreads()
        // the stand-ins for Redis and the lease's own bookkeeping: single steps, so the switches go to the queue
        .addGuarantee(forClasses(ModelStore.class.getName(), Lease.class.getName(), LockOptions.class.getName(),
                RemoteWaiter.class.getName(), LocalHandoff.class.getName(), LockCommands.HandoffResult.class.getName())
            .allMethods().treatAsAtomic())
        .addGuarantee(forClasses(ModelExecutor.class.getName()).methods("nextOwner", "outage").treatAsAtomic());
  }

  /**
   * The executor with a lease holding the lock, the violations the threads saw and the checks
   * that hold once they are done.
   */
  static final class Scene {
    final ModelExecutor executor;
    final ModelExecutor.Held first;
    private final ConcurrentLinkedQueue<Throwable> violations = new ConcurrentLinkedQueue<>();

    Scene(ModelExecutor.HandOff handOff) {
      executor = new ModelExecutor(handOff);
      first = executor.acquire();
    }

    /** Runs {@code step}, keeping what it throws as a violation. */
    void run(Runnable step) {
      try {
        step.run();
      } catch (RuntimeException | Error e) {
        violations.add(e);
      }
    }

    /** The first holder releases. */
    void releaseTheFirst() {
      executor.release(first);
    }

    /** Takes the lock behind the first holder and releases it: its token must be the second. */
    void lockAfterTheFirst() {
      ModelExecutor.Held held = executor.acquire();
      try {
        check(held.lease().fencingToken() == 2, "the fencing token of the second hold", held.lease().fencingToken());
      } finally {
        executor.release(held);
      }
    }

    /** Once both threads are done: no violation, the lock is free in the store and no key is tracked. */
    void checkDone() {
      check(violations.isEmpty(), "violations", violations);
      check(executor.storeOwner() == null, "the lock left in the store", executor.storeOwner());
      check(executor.trackedKeys() == 0, "keys tracked by the executor", executor.trackedKeys());
    }
  }

  /**
   * Thread 1 releases the first lease, thread 2 queues behind it and takes the lock. Public, so
   * that javac copies no bridges of its annotated methods into the subclasses, which Lincheck
   * would read twice.
   */
  @Param(name = "thread", gen = ThreadIdGen.class)
  public abstract static class HandOver {
    private final Scene scene;

    HandOver(ModelExecutor.HandOff handOff) {
      scene = new Scene(handOff);
    }

    @Operation(params = "thread")
    public void act(int thread) {
      scene.run(thread == 1 ? scene::releaseTheFirst : scene::lockAfterTheFirst);
    }

    @Validate
    public void done() {
      scene.checkDone();
    }
  }

  /** The release hands the lease over by the handoff script. */
  public static class Grant extends HandOver {
    public Grant() {
      super(ModelExecutor.HandOff.GRANT);
    }
  }

  /** The release deletes the lock and gives the waiter its turn to take it. */
  public static class Turn extends HandOver {
    public Turn() {
      super(ModelExecutor.HandOff.TURN);
    }
  }

  /**
   * The first holder is a thread whose turn it is to try Redis, and its attempt fails: the waiter
   * queued behind it fails with it, or, queued after the failure, takes the lock itself.
   */
  @Param(name = "thread", gen = ThreadIdGen.class)
  public static class Failure {
    private final ModelExecutor executor = new ModelExecutor(ModelExecutor.HandOff.GRANT);
    private final KeyQueue.Waiter trying = executor.enterFirst();
    private final ConcurrentLinkedQueue<Throwable> violations = new ConcurrentLinkedQueue<>();

    @Operation(params = "thread")
    public void act(int thread) {
      try {
        if (thread == 1) {
          executor.failAttempt(trying);
        } else {
          executor.release(executor.acquire());
        }
      } catch (RedisUnavailableException expected) {
        // the holder's failure, passed on to the waiter queued behind it
      } catch (RuntimeException | Error e) {
        violations.add(e);
      }
    }

    @Validate
    public void done() {
      check(violations.isEmpty(), "violations", violations);
      check(executor.storeOwner() == null, "the lock left in the store", executor.storeOwner());
      check(executor.trackedKeys() == 0, "keys tracked by the executor", executor.trackedKeys());
    }
  }
}
