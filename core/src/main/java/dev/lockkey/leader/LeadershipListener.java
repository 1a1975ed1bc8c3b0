package dev.lockkey.leader;

/**
 * Hears a {@link LeaderCandidate} win and lose its terms. Both methods run on the candidate's own
 * thread, in order and never concurrently for one candidate, and never on a renewal thread:
 * {@code onElected(t)} comes before {@code onRevoked(t)}, and the next term's {@code onElected}
 * after that. Return quickly (hand long work to a thread of your own, and stop it in
 * {@code onRevoked}): while a callback runs, the candidate cannot tell the next one, so a slow
 * {@code onElected} delays an {@code onRevoked} that is due. Whatever the work does while leading,
 * it can ask {@link LeadershipTerm#isActive()}, which does not wait for a callback. An exception a
 * callback throws is logged and otherwise ignored.
 */
public interface LeadershipListener {
  /** A listener that does nothing. */
  LeadershipListener NONE = new LeadershipListener() {};

  /**
   * This instance leads from now on, until {@link #onRevoked} for the same term.
   *
   * @param term the new term, with its fencing token
   */
  default void onElected(LeadershipTerm term) {}

  /**
   * This instance no longer leads: stop acting as leader. Told no later than the term's local lease
   * deadline, which comes before the store lets another instance take the lease (unless this
   * process was paused: then on waking, and the fencing token is what protects the resource).
   *
   * @param term the term that ended
   * @param reason why it ended
   */
  default void onRevoked(LeadershipTerm term, Revocation reason) {}
}
