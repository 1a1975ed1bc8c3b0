package dev.lockkey.leader;

/** Why a {@link LeadershipTerm} ended. */
public enum Revocation {
  /**
   * The lease was found gone or another holder's (an extension found it so, e.g. after this
   * process was paused beyond its lease), or the store expired it: another instance may lead.
   */
  LOST,
  /**
   * The lease could not be renewed and its local deadline came close: revoked before the store
   * lets another instance take the lease, whether or not the store still holds it.
   */
  EXPIRING,
  /** The candidate stepped down: {@link LeaderCandidate#close()}. */
  STEPPED_DOWN
}
