package dev.lockkey.examples.specs;

import dev.lockkey.LockKeySpec;
import java.time.LocalDate;

/** The nightly settlement of one merchant's business day, run by a job on every node. */
@LockKeySpec(domain = "settlement", action = "daily")
public interface DailySettlement {
  String merchant();

  LocalDate businessDate();
}
