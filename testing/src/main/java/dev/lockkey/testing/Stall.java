package dev.lockkey.testing;

import java.time.Duration;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A named point in a critical section where a test can hold the thread that gets there, e.g. a
 * lock holder about to write: hold it until its lease has run out and the next holder has
 * written, then let it go on. Code under test calls {@link #pass()} at the point (a test double of
 * the guarded resource is the natural place, as {@link FencedStore#stallNextWrite()} does); the
 * test {@link #arm() arms} the stall, waits for a thread to {@link #awaitHeld arrive}, provokes
 * what it wants, and {@link #release() releases} it.
 *
 * <pre>{@code
 * Stall beforeWrite = ledger.stallNextWrite();          // armed: the next write waits there
 * Future<Boolean> first = threads.submit(() -> service.capture(order, 100));
 * beforeWrite.awaitHeld(Duration.ofSeconds(10));        // the first holder has its token, and waits
 * service.capture(order, 200);                          // the next holder gets the lock once the
 *                                                       // first lease ran out, and writes
 * beforeWrite.release();                                // the first holder writes now, too late
 * first.get(10, TimeUnit.SECONDS);                      // false: its stale write was refused
 * }</pre>
 *
 * <p>Only the first thread that passes an armed stall is held; others pass. A held thread is let
 * go after {@link #MAX_HOLD} even without {@link #release()}, so a test that forgets cannot hang.
 * A thread interrupted while held goes on at once, with its interrupt flag set. Thread-safe.
 */
public final class Stall {
  /** The longest a thread is held: far beyond any lease a test would use, short of a hung build. */
  public static final Duration MAX_HOLD = Duration.ofMinutes(2);

  private enum State { OPEN, ARMED, HOLDING }

  private final String name;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  private State state = State.OPEN; // guarded by lock
  private Thread held; // guarded by lock

  /**
   * An open stall: every thread passes until {@link #arm()}.
   *
   * @param name what the point is, for messages, e.g. {@code "before the ledger write"}
   */
  public Stall(String name) {
    this.name = name;
  }

  /**
   * Makes the next thread that calls {@link #pass()} wait there until {@link #release()}.
   *
   * @return this stall
   * @throws IllegalStateException when a thread is held here now
   */
  public Stall arm() {
    lock.lock();
    try {
      if (state == State.HOLDING) {
        throw new IllegalStateException(this + " holds " + held.getName() + " now; release it before arming again");
      }
      state = State.ARMED;
      return this;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Called by the code under test at the point: returns at once unless the stall is armed; then
   * this thread waits until {@link #release()}, its interruption, or {@link #MAX_HOLD}.
   */
  public void pass() {
    lock.lock();
    try {
      if (state != State.ARMED) {
        return;
      }
      state = State.HOLDING;
      held = Thread.currentThread();
      changed.signalAll();
      long leftNanos = MAX_HOLD.toNanos();
      while (state == State.HOLDING && leftNanos > 0) {
        leftNanos = changed.awaitNanos(leftNanos);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // go on: the caller's own code decides what an interrupt means
    } finally {
      if (held == Thread.currentThread()) {
        held = null;
        if (state == State.HOLDING) { // let go by MAX_HOLD or an interrupt, not by release()
          state = State.OPEN;
        }
      }
      lock.unlock();
    }
  }

  /**
   * Waits until a thread is held here.
   *
   * @param timeout how long to wait at most
   * @throws AssertionError when no thread arrived in time (the code under test never got to the point)
   * @throws IllegalStateException when the stall is not armed and holds no thread
   */
  public void awaitHeld(Duration timeout) {
    lock.lock();
    try {
      long leftNanos = timeout.toNanos();
      while (state != State.HOLDING) {
        if (state == State.OPEN) {
          throw new IllegalStateException(this + " is not armed: arm() it before the code under test gets there");
        }
        if (leftNanos <= 0) {
          throw new AssertionError("no thread reached " + this + " within " + timeout);
        }
        leftNanos = changed.awaitNanos(leftNanos);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for a thread to reach " + this, e);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Whether a thread is held here now.
   *
   * @return true between a thread's arrival and its release
   */
  public boolean isHolding() {
    lock.lock();
    try {
      return state == State.HOLDING;
    } finally {
      lock.unlock();
    }
  }

  /** Lets the held thread go on, or disarms the stall when no thread got here yet. */
  public void release() {
    lock.lock();
    try {
      state = State.OPEN;
      changed.signalAll();
    } finally {
      lock.unlock();
    }
  }

  @Override
  public String toString() {
    return "Stall[" + name + "]";
  }
}
