package dev.lockkey.processor;

import java.util.List;

/** The checks of {@code @Permitted}'s options; {@code @ReadLocked} and {@code @WriteLocked} take {@code @Locked}'s. */
final class SharedLockOptions {
  /** As {@code PermitOptions.MAX_PERMITS}, which the processor does not load. */
  static final int MAX_PERMITS = 10_000;

  private SharedLockOptions() {}

  /** {@code @Permitted}'s options, or {@code null} with the problems added. */
  static GuardOptions.Permit permit(Attributes values, List<Problem> problems) {
    int before = problems.size();
    int permits = (Integer) values.get("permits");
    if (permits < 1 || permits > MAX_PERMITS) {
      problems.add(values.onValue("permits", GuardMessage.LIMIT, "permits", permits,
          "a key has 1 to " + MAX_PERMITS + " permits"));
    }
    GuardOptions.Lock lock = MethodValidator.lock(values, problems);
    return problems.size() > before ? null : new GuardOptions.Permit(permits, lock);
  }
}
