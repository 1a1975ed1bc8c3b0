package dev.lockkey.spring.job;

import dev.lockkey.guard.ScheduledJob;
import org.springframework.scheduling.annotation.Scheduled;

/**
 * The job as a user writes it: scheduled every 200 ms on every instance, run on one at a time,
 * each run's lock kept for at least 150 ms after it was taken. What a run does is the test's
 * {@link JobLedger}'s.
 */
public class TickJob {
  private final String instance;
  private final JobLedger ledger;

  public TickJob(String instance, JobLedger ledger) {
    this.instance = instance;
    this.ledger = ledger;
  }

  @Scheduled(fixedRate = 200)
  @ScheduledJob(value = ReportTick.class, holdAtLeast = "150ms", holdAtMost = "5s")
  public void tick() {
    ledger.run(instance);
  }
}
