package dev.lockkey.processor.guards;

import dev.lockkey.guard.ScheduledJob;
import dev.lockkey.lock.Lease;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Jobs as a user writes them, with the fencing token of each run recorded. */
public class Reports {
  final List<Long> runs = new CopyOnWriteArrayList<>();

  @ScheduledJob(value = ReportRun.class, holdAtLeast = "2s", holdAtMost = "10s")
  public void nightly(Lease lease) {
    runs.add(lease.fencingToken());
  }

  @ScheduledJob(value = ReportRun.class, holdAtMost = "10s")
  public void released(Lease lease) {
    runs.add(lease.fencingToken());
  }

  @ScheduledJob(value = ReportRun.class, holdAtLeast = "2s", holdAtMost = "10s")
  public void failing() {
    runs.add(-1L);
    throw new IllegalStateException("the report failed");
  }
}
