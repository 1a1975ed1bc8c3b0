package dev.lockkey.benchmarks.jdbc;

import dev.lockkey.benchmarks.lock.LockContender;
import java.util.List;
import java.util.Locale;
import javax.sql.DataSource;

/** The contenders of the uncontended PostgreSQL lock cycle, each on a pool of its own. */
public enum JdbcContender {
  FLOOR, LOCKKEY, SPRING, SHEDLOCK;

  /** The short name used in reports. */
  public String label() {
    return "jdbc_" + name().toLowerCase(Locale.ROOT);
  }

  /** This contender on {@code pool}, which it closes when closed. */
  public LockContender open(DataSource pool) {
    return switch (this) {
      case FLOOR -> new JdbcFloor(pool);
      case LOCKKEY -> new JdbcLockKeyContender(pool);
      case SPRING -> new JdbcRegistryContender(pool);
      case SHEDLOCK -> new ShedLockPollContender(pool);
    };
  }

  /** Every contender, in report order. */
  public static List<JdbcContender> all() {
    return List.of(values());
  }
}
