package dev.lockkey.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A tiny in-memory resource guarded by fencing tokens, to stand in for the database or service
 * that a critical section writes to: it remembers the highest token it has seen and what each
 * write did. A test builds the code under test on it (a test double of the user's own resource
 * calls it), provokes a holder whose lease runs out mid-work, and asserts
 * {@link #assertNoStaleWrite()}.
 *
 * <ul>
 *   <li>{@link #write(long, Object)} is a fenced write, as a resource that checks the token does
 *       it (e.g. {@code UPDATE ... SET value = ?, token = ? WHERE token <= ?}): a token lower than
 *       the highest seen is refused and recorded in {@link #rejectedWrites()}.
 *   <li>{@link #writeUnfenced(long, Object)} is what a resource without a fence does: the write is
 *       applied whatever the token. The token is only recorded, so the store can tell when the
 *       write was stale ({@link #staleWrites()}): the unfenced code is caught.
 * </ul>
 *
 * <p>Equal tokens are accepted: one holder may write more than once. {@link #stallNextWrite()}
 * holds the next writer before its write arrives, to pause a holder at exactly that point.
 * Thread-safe.
 *
 * @param <V> the type of the value the resource holds
 */
public final class FencedStore<V> {
  private final Stall beforeWrite = new Stall("before the next write to the fenced store");
  private final List<StaleWrite<V>> stale = new ArrayList<>();
  private final List<StaleWrite<V>> rejected = new ArrayList<>();
  private long highest = Long.MIN_VALUE;
  private V value;
  private long writes;

  /** An empty store that has seen no token yet. */
  public FencedStore() {}

  /**
   * Writes {@code newValue} if {@code fencingToken} is at least the highest token seen.
   *
   * @param fencingToken the writer's fencing token, e.g. {@code lease.fencingToken()}
   * @param newValue the value to store
   * @return true when written; false when refused as stale (recorded in {@link #rejectedWrites()})
   */
  public boolean write(long fencingToken, V newValue) {
    beforeWrite.pass();
    synchronized (this) {
      if (fencingToken < highest) {
        rejected.add(new StaleWrite<>(fencingToken, highest, newValue));
        return false;
      }
      apply(fencingToken, newValue);
      return true;
    }
  }

  /**
   * Writes {@code newValue} whatever the token, as a resource without a fence would; a token lower
   * than the highest seen is recorded in {@link #staleWrites()}.
   *
   * @param fencingToken the writer's fencing token, recorded only
   * @param newValue the value to store
   */
  public void writeUnfenced(long fencingToken, V newValue) {
    beforeWrite.pass();
    synchronized (this) {
      if (fencingToken < highest) {
        stale.add(new StaleWrite<>(fencingToken, highest, newValue));
        value = newValue;
        writes++;
        return;
      }
      apply(fencingToken, newValue);
    }
  }

  private void apply(long fencingToken, V newValue) {
    highest = fencingToken;
    value = newValue;
    writes++;
  }

  /**
   * Holds the thread of the next write (fenced or not) before the write arrives, until the
   * returned stall is released: the writer holds its token and cannot act on it yet.
   *
   * @return the armed stall
   * @throws IllegalStateException when a writer is held already
   */
  public Stall stallNextWrite() {
    return beforeWrite.arm();
  }

  /**
   * The value written last.
   *
   * @return the value, or empty before the first write
   */
  public synchronized Optional<V> value() {
    return Optional.ofNullable(value);
  }

  /**
   * The highest fencing token a write was accepted with.
   *
   * @return the token, or {@link Long#MIN_VALUE} before the first write
   */
  public synchronized long highestToken() {
    return highest;
  }

  /**
   * How many writes were applied, stale ones included.
   *
   * @return the count
   */
  public synchronized long writes() {
    return writes;
  }

  /**
   * The stale writes that were applied: {@link #writeUnfenced} with a token below the highest seen.
   *
   * @return a copy, in order
   */
  public synchronized List<StaleWrite<V>> staleWrites() {
    return List.copyOf(stale);
  }

  /**
   * The stale writes that were refused: {@link #write} with a token below the highest seen.
   *
   * @return a copy, in order
   */
  public synchronized List<StaleWrite<V>> rejectedWrites() {
    return List.copyOf(rejected);
  }

  /**
   * Fails unless no stale write was applied.
   *
   * @throws AssertionError naming every stale write that was applied
   */
  public synchronized void assertNoStaleWrite() {
    if (!stale.isEmpty()) {
      throw new AssertionError(stale.size() + " stale write(s) applied: a holder wrote after a later holder had: "
          + stale + "; pass the lease's fencing token to the resource and let it refuse lower ones");
    }
  }

  @Override
  public synchronized String toString() {
    return "FencedStore[highestToken=" + (writes == 0 ? "none" : Long.toString(highest)) + ", writes=" + writes
        + ", stale=" + stale.size() + ", rejected=" + rejected.size() + "]";
  }
}
