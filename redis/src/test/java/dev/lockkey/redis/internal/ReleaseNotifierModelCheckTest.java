package dev.lockkey.redis.internal;

import static dev.lockkey.lock.ModelChecks.check;

import dev.lockkey.lock.ModelChecks;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.jetbrains.lincheck.datastructures.Validate;
import org.jetbrains.lincheck.datastructures.verifier.EpsilonVerifier;
import org.junit.jupiter.api.Test;

/**
 * Model check of the release subscriber's reconnect, on the real {@link ReleaseNotifier} and its own
 * subscriber thread (started by the first watch inside the scenario, so Lincheck schedules it too),
 * with Redis pub/sub in memory ({@link ModelPubSub}). Thread 1 waits for a lock the way an
 * acquisition does: it watches the lock's release channel, then clears its wake-up, looks at the
 * lock and sleeps until woken, again and again until it finds the lock free. Thread 2 breaks the
 * subscriber's connection, then releases the lock and publishes the release. Whatever the
 * interleaving, the waiter must be woken after the release: by the message (on the connection the
 * subscriber made again, subscribed again to the watched channel) or by the loss or the
 * confirmations of the reconnect. A wake-up lost across the reconnect leaves the waiter asleep for
 * good, which Lincheck reports as a hang. Once done, the waiter unwatches and closes the notifier:
 * the channel no longer wakes it. (That the subscriber thread ends is not checked: {@code close()}
 * waits for it a bounded second only, and the validation may run before it ended.)
 *
 * <p>The waiter sleeps in an untimed park (its wake-up is the real {@link Wakeup}, read without
 * waiting), so only a wake-up ends its sleep; the subscriber's backoff between connections is a
 * timed park, which Lincheck may end at any point, as time would. Hence not the shared
 * {@link ModelChecks#twoThreads()}, which makes every timed park wait for an unpark. The
 * housekeeping (the probe of a silent connection, the idle channels' sweep) is not scheduled here.
 */
class ReleaseNotifierModelCheckTest {
  private static final String CHANNEL = "released:model:{k}";
  /**
   * Fewer interleavings than the other checks: in each one where the waiter closes the notifier
   * before the subscriber thread got to end, {@link ReleaseNotifier#close()}'s bounded join waits
   * its second in real time. -Dlockkey.modelcheck.reconnect.invocations=N explores more, on demand.
   */
  private static final int INVOCATIONS = Integer.getInteger("lockkey.modelcheck.reconnect.invocations", 20);

  @Test
  void aWaiterIsWokenAfterTheReleaseAcrossAReconnect() {
    new ModelCheckingOptions()
        .iterations(1)
        .invocationsPerIteration(INVOCATIONS)
        .threads(2)
        .actorsPerThread(1)
        .actorsBefore(0)
        .actorsAfter(0)
        .minimizeFailedScenario(false)
        .verifier(EpsilonVerifier.class)
        .check(Reconnect.class);
  }

  /** Thread 1 waits for the lock, thread 2 drops the connection and releases. Public: see LocalWaitQueueModelCheckTest. */
  @Param(name = "thread", gen = ThreadIdGen.class)
  public static class Reconnect {
    private final ModelPubSub redis = new ModelPubSub();
    private final ReleaseNotifier notifier = new ReleaseNotifier(redis, new NoHousekeeping());
    private final AtomicBoolean held = new AtomicBoolean(true);
    private final ConcurrentLinkedQueue<Throwable> violations = new ConcurrentLinkedQueue<>();
    private volatile Wakeup wakeup;

    @Operation(params = "thread")
    public void act(int thread) {
      try {
        if (thread == 1) {
          awaitRelease();
        } else {
          redis.drop();
          held.set(false);
          redis.publish(CHANNEL, HandoverMessage.RELEASED);
        }
      } catch (RuntimeException | Error e) {
        violations.add(e);
      }
    }

    private void awaitRelease() {
      Wakeup mine = new Wakeup("owner-1");
      wakeup = mine;
      ReleaseNotifier.Channel channel = notifier.watch(CHANNEL, mine);
      while (true) {
        mine.clear();
        if (!held.get()) {
          break;
        }
        while (!mine.await(0, CHANNEL)) { // woken already? (no wait)
          LockSupport.park(this);
        }
      }
      notifier.unwatch(channel, mine);
      notifier.close();
    }

    @Validate
    public void done() {
      check(violations.isEmpty(), "violations", violations);
      wakeup.clear();
      redis.publish(CHANNEL, HandoverMessage.RELEASED);
      check(!wakeup.await(0, CHANNEL), "woken after unwatch", true);
    }
  }
}
