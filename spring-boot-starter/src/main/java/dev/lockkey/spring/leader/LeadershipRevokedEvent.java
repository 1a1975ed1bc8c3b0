package dev.lockkey.spring.leader;

import dev.lockkey.leader.Leadership;
import dev.lockkey.leader.LeadershipTerm;
import dev.lockkey.leader.Revocation;
import org.springframework.context.ApplicationEvent;

/**
 * This instance no longer leads: published when a term of a {@link dev.lockkey.leader.Leadership}
 * bean's candidate ends, on the candidate's own thread, no later than the term's local lease
 * deadline (see {@link dev.lockkey.leader.LeadershipListener#onRevoked}); stop acting as leader.
 */
public final class LeadershipRevokedEvent extends ApplicationEvent {
  private static final long serialVersionUID = 1L;

  private final transient LeadershipTerm term;
  /** Why the term ended. */
  private final Revocation reason;

  /**
   * The event of {@code term}'s end.
   *
   * @param leadership the election whose term ended (the event's source)
   * @param term the term that ended
   * @param reason why it ended
   */
  public LeadershipRevokedEvent(Leadership leadership, LeadershipTerm term, Revocation reason) {
    super(leadership);
    this.term = term;
    this.reason = reason;
  }

  /** {@return the election whose term ended} */
  public Leadership leadership() {
    return (Leadership) getSource();
  }

  /** {@return the term that ended} */
  public LeadershipTerm term() {
    return term;
  }

  /** {@return why it ended} */
  public Revocation reason() {
    return reason;
  }
}
