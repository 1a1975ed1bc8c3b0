package dev.lockkey.redis.internal;

import static dev.lockkey.lock.ModelChecks.check;
import static org.jetbrains.lincheck.datastructures.ManagedStrategyGuaranteeKt.forClasses;

import dev.lockkey.Keyspace;
import dev.lockkey.internal.LeaseRenewer;
import dev.lockkey.internal.OwnerTokens;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockInterruptedException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.lock.ModelChecks;
import dev.lockkey.lock.SampleKey;
import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Model checks of the hand-over claim: a release handing the lock to the next local waiter
 * ({@link RedisLeases#release}: {@link KeyQueue#claimNext}, the handoff script, a
 * {@link LocalHandoff} with the waiter's {@link RemoteWaiter}) racing that waiter giving up, by its
 * deadline or an interrupt. Lincheck runs the real {@link LockAcquirer}, {@link RedisLeases},
 * {@link LocalWaitQueue} and {@link LockCommands} above {@link ModelScripts} (the lock scripts on a
 * {@link ModelStore}), and explores the interleavings. Before the threads start, a lease holds the
 * lock; thread 2 waits for it ({@code acquire}); thread 1 releases the lease, in the interrupt
 * checks after interrupting thread 2 if it is inside {@code acquire} (as {@link Thread#interrupt}
 * does: the flag, then an unpark), so the interrupt lands anywhere in the waiter's steps, before
 * or after the claim.
 *
 * <p>Must hold, whatever the interleaving: no deadlock; the release finds its lease held; the
 * waiter either takes the lock (the lease with the second fencing token, its owner token the
 * store's, no second lease counted, and the interrupt flag kept when it was interrupted), or
 * gives up with the exception of its cause and the lock is free in the store, nothing tracked,
 * and every owner token the lock was handed to cleaned up (passed on) by the waiter's
 * {@link RemoteWaiter#close}. No owner token is cleaned up twice, nor the one of the waiter's lease.
 *
 * <p>Lincheck's clock stands still in a run and a timed park returns only on an unpark
 * ({@link ModelChecks#twoThreads()}), so a deadline cannot pass during a run: the timeout check's
 * waiter starts with its deadline passed, so its first look at the clock gives up, racing the
 * release's claim; a deadline passing while it parks leads to the same steps after the park.
 *
 * <p>On demand for now ({@code -Dlockkey.modelcheck.claim.invocations=100}): under Surefire on a
 * loaded machine one of its runs ended in Lincheck's "The execution has hung" while classes were
 * still being instrumented, not yet told apart from a lost wake-up; it joins every build once it
 * has passed repeatedly there (docs/RELIABILITY.md).
 */
@EnabledIfSystemProperty(named = "lockkey.modelcheck.claim.invocations", matches = "[1-9][0-9]*")
class HandoffClaimModelCheckTest {
  /** Interleavings per check ({@code -Dlockkey.modelcheck.claim.invocations=N}; 100 explored when it was written). */
  private static final int INVOCATIONS = Integer.getInteger("lockkey.modelcheck.claim.invocations", 100);
  private static final SampleKey KEY = ModelExecutor.KEY;
  private static final LockOptions OPTIONS = ModelExecutor.OPTIONS;
  /** A claim too short to take ({@link Hold#takeable}): the waiter confirms it by an attempt. */
  private static final Duration SHORT_CLAIM = Duration.ofMillis(1);
  private static final long FAR_NANOS = Duration.ofHours(1).toNanos();

  @Test
  void aHandoffRacingTheWaitersDeadlineIsTakenOrNeverMade() {
    options().check(Timeout.class);
  }

  @Test
  void aHandoffRacingTheWaitersInterruptIsTakenOrNeverMade() {
    options().check(Interrupt.class);
  }

  @Test
  void aShortClaimRacingTheWaitersInterruptIsConfirmedOrPassedOn() {
    options().check(InterruptedClaim.class);
  }

  private static ModelCheckingOptions options() {
    return ModelChecks.twoThreads()
        .invocationsPerIteration(INVOCATIONS)
        // Lincheck instruments each class at its first use inside a run, which on a loaded machine
        // can outlast its 30 s per run and read as a hang; a lost wake-up shows as a deadlock at once
        .invocationTimeout$lincheck(TimeUnit.MINUTES.toMillis(2))
        // Redis, the scripts' arguments and replies, the bookkeeping no other thread touches here,
        // and the RemoteWaiter (one thread's at a time): single steps, so the switches go to the
        // local queue, the hand-over and the waiter's acquisition
        .addGuarantee(forClasses(ModelScripts.class.getName(), ModelStore.class.getName(),
                LuaScript.class.getName(), LockNames.class.getName(), Keyspace.class.getName(),
                OwnerTokens.class.getName(), LockOptions.class.getName(), LiveLeases.class.getName(),
                LockCommands.class.getName(), LeaseRenewer.class.getName(), RemoteWaiter.class.getName(),
                ReleaseNotifier.class.getName(), LocalHandoff.class.getName(), Hold.class.getName(),
                LockCommands.HandoffResult.class.getName(), LockCommands.Attempt.class.getName())
            .allMethods().treatAsAtomic());
  }

  /**
   * One executor on the model scripts, a lease holding the lock, and what the threads saw. Public,
   * with its operation, so that javac copies no bridges into the subclasses (see
   * LocalWaitQueueModelCheckTest).
   */
  @Param(name = "thread", gen = ThreadIdGen.class)
  public abstract static class Scene {
    private final ModelScripts redis;
    private final LocalWaitQueue waitQueue = new LocalWaitQueue(LockListener.NONE);
    private final LeaseRenewer renewer = new LeaseRenewer("lockkey-model-");
    private final RedisLeases leases;
    private final LockAcquirer acquirer;
    private final Lease first;
    private final long deadlineNanos;
    private final boolean interrupts;
    private final ConcurrentLinkedQueue<Throwable> violations = new ConcurrentLinkedQueue<>();
    private volatile boolean firstReleased;
    private volatile Lease taken;
    private volatile RuntimeException gaveUp;
    /**
     * The waiting thread while it is inside {@code acquire}, under this scene's monitor: an
     * interrupt lands only then, and the waiter clears its flag when it leaves.
     */
    private Thread waiting;
    private boolean interrupted;
    private boolean flagKept;

    /**
     * @param handedHold how long the handoff script says the waiter holds the lock
     * @param deadlineNanos how long the waiter waits
     * @param interrupts whether the releasing thread interrupts the waiter first
     */
    Scene(Duration handedHold, long deadlineNanos, boolean interrupts) {
      redis = new ModelScripts(handedHold);
      LockCommands commands = new LockCommands(redis);
      ReleaseNotifier notifier = new ReleaseNotifier(redis, new NoHousekeeping());
      leases = new RedisLeases(commands, notifier, waitQueue, renewer, LockListener.NONE, Clock.systemUTC());
      // closed at once, which ends the sweep of leases run out that RedisLeases scheduled: it would
      // read the real clock, which Lincheck's runs do not share (inside a run nanoTime is Lincheck's
      // own), and pass over a live lease; nothing here is renewed (renewal off, no claim taken)
      renewer.close();
      acquirer = new LockAcquirer(Keyspace.of("model"), commands, notifier, waitQueue, leases, LockListener.NONE);
      first = acquirer.acquire(KEY, OPTIONS, 0, System.nanoTime(), false);
      this.deadlineNanos = deadlineNanos;
      this.interrupts = interrupts;
    }

    @Operation(params = "thread")
    public void act(int thread) {
      try {
        if (thread == 1) {
          if (interrupts) {
            interrupt();
          }
          firstReleased = first.release();
        } else {
          await();
        }
      } catch (RuntimeException | Error e) {
        violations.add(e);
      }
    }

    private void await() {
      synchronized (this) {
        waiting = Thread.currentThread();
      }
      try {
        // the clock read here, in the analysed code (Lincheck's time is its own)
        taken = acquirer.acquire(KEY, OPTIONS, 0, System.nanoTime() + deadlineNanos, true);
      } catch (LockTimeoutException | LockInterruptedException e) {
        gaveUp = e;
      } finally {
        synchronized (this) {
          waiting = null;
          flagKept = Thread.interrupted(); // cleared: Lincheck runs its next scenario on this thread
        }
      }
    }

    /** Interrupts the waiting thread if it is inside {@code acquire}, as {@link Thread#interrupt} does. */
    private void interrupt() {
      synchronized (this) {
        if (waiting != null) {
          waiting.interrupt();
          LockSupport.unpark(waiting); // what interrupt() does to a parked thread, here for Lincheck's parks
          interrupted = true;
        }
      }
    }

    @Validate
    public void done() {
      check(violations.isEmpty(), "violations", violations);
      check(firstReleased, "the first lease released", firstReleased);
      List<String> cleanedUp = redis.cleanedUp();
      // plain collections, no streams: Lincheck would instrument the stream classes inside the run
      check(new HashSet<>(cleanedUp).size() == cleanedUp.size(), "owners cleaned up twice", cleanedUp);
      Lease lease = taken;
      if (lease != null) {
        check(lease.ownerToken().equals(redis.owner()), "the store's owner, the waiter holding",
            redis.owner());
        check(lease.fencingToken() == 2, "the fencing token of the waiter's lease", lease.fencingToken());
        check(List.of(lease.ownerToken()).containsAll(redis.handedTo()), "owners handed the lock", redis.handedTo());
        check(!cleanedUp.contains(lease.ownerToken()), "the waiter's held lock cleaned up", cleanedUp);
        check(!interrupted || flagKept, "the interrupt kept by a waiter that took the lock", flagKept);
        check(waitQueue.keys() == 1 && leases.held() == 1, "keys tracked and leases held, the waiter holding",
            waitQueue.keys() + " and " + leases.held());
      } else {
        check(gaveUp instanceof LockTimeoutException || interrupted && gaveUp instanceof LockInterruptedException,
            "why the waiter gave up", gaveUp);
        check(cleanedUp.containsAll(redis.handedTo()), "owners handed the lock and not cleaned up",
            redis.handedTo() + " cleaned up: " + cleanedUp);
        check(redis.owner() == null, "the lock left held in the store by", redis.owner());
        check(waitQueue.keys() == 0, "keys tracked by the executor", waitQueue.keys());
        check(leases.held() == 0, "leases counted as held", leases.held());
      }
    }
  }

  /** The waiter's deadline passed already: it gives up at its first look, unless claimed first. */
  public static class Timeout extends Scene {
    public Timeout() {
      super(OPTIONS.leaseTime(), -1, false);
    }
  }

  /** Thread 3 interrupts the waiter; the handoff passes the whole lease. */
  public static class Interrupt extends Scene {
    public Interrupt() {
      super(OPTIONS.leaseTime(), FAR_NANOS, true);
    }
  }

  /**
   * Thread 3 interrupts the waiter; the handoff passes a claim too short to take, so the waiter
   * confirms it by an attempt under the handed owner token, or, interrupted, leaves and passes it on.
   */
  public static class InterruptedClaim extends Scene {
    public InterruptedClaim() {
      super(SHORT_CLAIM, FAR_NANOS, true);
    }
  }
}
