package dev.lockkey.spring.leader;

import dev.lockkey.leader.LeaderCandidate;
import dev.lockkey.leader.Leadership;
import dev.lockkey.leader.LeadershipListener;
import dev.lockkey.leader.LeadershipTerm;
import dev.lockkey.leader.Revocation;
import dev.lockkey.lock.LockExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.SmartLifecycle;

/**
 * The candidates of the application's {@link Leadership} beans: started when the context has
 * started (the last phase, so that what a leader uses is ready), closed, which steps down, when it
 * stops (the first phase, so that a leader stops leading before what it uses goes away). Each
 * leadership's own listener hears its terms first, then the context hears them as
 * {@link LeadershipGrantedEvent} and {@link LeadershipRevokedEvent}. Thread-safe.
 */
public final class LeaderCandidates implements SmartLifecycle {
  private final List<Leadership> leaderships;
  private final LockExecutor executor;
  private final ApplicationEventPublisher events;
  private final List<LeaderCandidate> running = new ArrayList<>(); // guarded by this

  /**
   * Candidates of {@code leaderships}, not started yet.
   *
   * @param leaderships the elections to stand in
   * @param executor the lock executor to elect through
   * @param events where terms are published
   */
  public LeaderCandidates(List<Leadership> leaderships, LockExecutor executor, ApplicationEventPublisher events) {
    this.leaderships = List.copyOf(leaderships);
    this.executor = executor;
    this.events = events;
  }

  /**
   * The running candidate of {@code leadership}, e.g. to ask {@link LeaderCandidate#isLeader()}.
   *
   * @param leadership one of the application's {@link Leadership} beans
   * @return its candidate, or empty when not running
   */
  public synchronized Optional<LeaderCandidate> candidate(Leadership leadership) {
    return running.stream().filter(candidate -> candidate.leadership().key().equals(leadership.key())
        && candidate.leadership().purpose().equals(leadership.purpose())).findFirst();
  }

  @Override
  public synchronized void start() {
    if (running.isEmpty()) {
      leaderships.forEach(leadership -> running.add(leadership.listener(published(leadership)).start(executor)));
    }
  }

  @Override
  public synchronized void stop() {
    running.forEach(LeaderCandidate::close);
    running.clear();
  }

  @Override
  public synchronized boolean isRunning() {
    return !running.isEmpty();
  }

  /** The leadership's own listener, then the context's events. */
  private LeadershipListener published(Leadership leadership) {
    LeadershipListener own = leadership.listener();
    return new LeadershipListener() {
      @Override
      public void onElected(LeadershipTerm term) {
        try {
          own.onElected(term);
        } finally {
          events.publishEvent(new LeadershipGrantedEvent(leadership, term));
        }
      }

      @Override
      public void onRevoked(LeadershipTerm term, Revocation reason) {
        try {
          own.onRevoked(term, reason);
        } finally {
          events.publishEvent(new LeadershipRevokedEvent(leadership, term, reason));
        }
      }
    };
  }
}
