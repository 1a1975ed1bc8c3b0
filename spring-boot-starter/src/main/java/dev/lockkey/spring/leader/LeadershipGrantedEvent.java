package dev.lockkey.spring.leader;

import dev.lockkey.leader.Leadership;
import dev.lockkey.leader.LeadershipTerm;
import org.springframework.context.ApplicationEvent;

/**
 * This instance was elected: published when a {@link dev.lockkey.leader.Leadership} bean's candidate
 * wins a term, on the candidate's own thread, before any {@link LeadershipRevokedEvent} of the term
 * (an {@code @EventListener} of it runs on that thread, so it should return quickly).
 */
public final class LeadershipGrantedEvent extends ApplicationEvent {
  private static final long serialVersionUID = 1L;

  private final transient LeadershipTerm term;

  /**
   * The event of {@code term}.
   *
   * @param leadership the election won (the event's source)
   * @param term the term won
   */
  public LeadershipGrantedEvent(Leadership leadership, LeadershipTerm term) {
    super(leadership);
    this.term = term;
  }

  /** {@return the election won} */
  public Leadership leadership() {
    return (Leadership) getSource();
  }

  /** {@return the term won, with its fencing token} */
  public LeadershipTerm term() {
    return term;
  }
}
