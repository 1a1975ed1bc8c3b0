package dev.lockkey.leader;

import dev.lockkey.LockKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LeaseLostException;
import java.time.Instant;

/**
 * One period of leadership of one instance: from its election to its revocation, under one lease
 * whose {@link #fencingToken()} is higher than that of every earlier term of the same key. Pass the
 * token with every write the leader makes, and let the resource refuse a token lower than one it
 * has seen: a leader paused past its lease (a long GC, {@code SIGSTOP}) is then refused instead of
 * overwriting its successor's work. Thread-safe.
 */
public final class LeadershipTerm {
  private final Lease lease;
  private final Instant electedAt;
  private volatile Revocation revocation;

  LeadershipTerm(Lease lease, Instant electedAt) {
    this.lease = lease;
    this.electedAt = electedAt;
  }

  /** {@return the key of the election} */
  public LockKey key() {
    return lease.key();
  }

  /** {@return the store's name of the election's lease, e.g. {@code leader:prod:{billing:leader:v1:eu}}} */
  public String fullKey() {
    return lease.fullKey();
  }

  /** {@return the fencing token of this term: higher than every earlier term's of this key} */
  public long fencingToken() {
    return lease.fencingToken();
  }

  /** {@return when this instance was elected, on the wall clock: for display only} */
  public Instant electedAt() {
    return electedAt;
  }

  /**
   * Whether this instance may still act as leader in this term: not revoked, and its lease neither
   * lost nor run out by the monotonic clock. Answered without a round trip and without waiting for
   * {@link LeadershipListener#onRevoked}, so work running on other threads sees the end of the
   * term as soon as the lease does.
   *
   * @return whether the term is still on
   */
  public boolean isActive() {
    return revocation == null && !lease.isLost();
  }

  /**
   * Throws unless {@link #isActive()}: a cheap check before an irreversible step; the fencing token
   * is the real protection.
   *
   * @throws LeaseLostException saying why the term is over
   */
  public void checkActive() {
    Revocation ended = revocation;
    if (ended != null) {
      throw new LeaseLostException(lease.fullKey(), "the leadership term was revoked (" + ended + ")");
    }
    lease.checkHeld();
  }

  /** {@return why the term ended, or {@code null} while it is on} */
  public Revocation revocation() {
    return revocation;
  }

  Lease lease() {
    return lease;
  }

  void revoke(Revocation reason) {
    revocation = reason;
  }

  @Override
  public String toString() {
    Revocation ended = revocation;
    return "LeadershipTerm[" + lease.fullKey() + ", fencingToken=" + lease.fencingToken() + ", electedAt="
        + electedAt + (ended == null ? "" : ", revoked=" + ended) + "]";
  }
}
