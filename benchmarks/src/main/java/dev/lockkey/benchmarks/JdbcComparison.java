package dev.lockkey.benchmarks;

import dev.lockkey.benchmarks.contention.ProcessContender;
import dev.lockkey.benchmarks.contention.ProcessContentionResult;
import dev.lockkey.benchmarks.contention.ProcessContentionRun;
import dev.lockkey.benchmarks.jdbc.BenchmarkPostgres;
import dev.lockkey.benchmarks.jdbc.CountingDataSource;
import dev.lockkey.benchmarks.jdbc.JdbcContender;
import dev.lockkey.benchmarks.lock.HeldLock;
import dev.lockkey.benchmarks.lock.LockContender;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
import dev.lockkey.benchmarks.report.Figure;
import dev.lockkey.benchmarks.report.Section;
import dev.lockkey.benchmarks.report.Target;
import com.zaxxer.hikari.HikariDataSource;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Issue 23: LockKey's JDBC executor on PostgreSQL beside a bare {@code INSERT ... ON CONFLICT} +
 * {@code DELETE} floor, Spring Integration's {@code JdbcLockRegistry} and ShedLock's JDBC provider:
 * the uncontended cycle in this JVM, then several worker JVMs on one key, contenders interleaved
 * round by round.
 */
final class JdbcComparison {
  private static final String FLOOR = JdbcContender.FLOOR.label();
  private static final String OURS = JdbcContender.LOCKKEY.label();
  private static final String SPRING = ProcessContender.JDBC_SPRING.label();
  private static final String SHEDLOCK = ProcessContender.JDBC_SHEDLOCK.label();
  private static final String OURS_ACROSS = ProcessContender.JDBC_LOCKKEY.label();
  /** The transactions of the reads of {@link BenchmarkPostgres#transactions()} themselves. */
  private static final int READ_TRANSACTIONS = 3;

  private JdbcComparison() {}

  static List<Section> run(SuiteSettings settings, BenchmarkPostgres postgres, RedisEndpoint redis, Progress progress)
      throws IOException, InterruptedException {
    return List.of(cycle(settings, postgres, progress), acrossProcesses(settings, postgres, redis, progress));
  }

  private static Section cycle(SuiteSettings settings, BenchmarkPostgres postgres, Progress progress) {
    Figure cycles = new Figure("uncontended acquire+release", "cycles/s", FLOOR, true);
    Figure trips = new Figure("round trips per cycle (statements, commits and rollbacks the contender sent)",
        "round trips", FLOOR, false);
    Figure transactions = new Figure("transactions per cycle (pg_stat_database)", "transactions", FLOOR, false);
    List<JdbcContender> contenders = JdbcContender.all();
    int rounds = settings.jdbcCycleRounds() + 1; // round 0 warms the JIT and is not recorded
    for (int round = 0; round < rounds; round++) {
      for (JdbcContender contender : Rounds.order(contenders, round)) {
        progress.step("jdbc cycle", contender.label() + (round == 0 ? " (warm-up)" : ""), round, rounds);
        long before = postgres.transactions();
        long cycleCount;
        long tripCount;
        long nanos;
        // the contender closes what it is handed, the wrapper; the pool itself is closed here
        try (HikariDataSource pool = postgres.pool(2)) {
          CountingDataSource counting = new CountingDataSource(pool);
          try (LockContender locks = contender.open(counting.dataSource())) {
            String key = "bench:jdbc:cycle:" + contender.label();
            cycle(locks, key); // connection made, statements prepared
            long tripsBefore = counting.trips();
            long began = System.nanoTime();
            long end = began + settings.jdbcCycleSlice().toNanos();
            cycleCount = 0;
            while (System.nanoTime() - end < 0) {
              cycle(locks, key);
              cycleCount++;
            }
            nanos = System.nanoTime() - began;
            tripCount = counting.trips() - tripsBefore;
          }
        }
        long transacted = postgres.transactions() - before - READ_TRANSACTIONS;
        if (round > 0) {
          cycles.add(contender.label(), cycleCount / (nanos / 1e9));
          trips.add(contender.label(), (double) tripCount / cycleCount);
          transactions.add(contender.label(), (double) transacted / (cycleCount + 1));
        }
      }
    }
    List<Target> targets = List.of(
        new Target("at most 2 round trips per cycle", trips, OURS, null, 2, true, false),
        new Target("cycles at least 1/1.2 (0.83x) the floor", cycles, OURS, FLOOR, 1 / 1.2, false, false));
    return new Section("PostgreSQL lock cycle, uncontended",
        "One thread in the suite JVM: acquire without waiting, release, on one key, for "
            + settings.jdbcCycleSlice().toMillis() / 1000.0 + " s per contender and round, "
            + settings.jdbcCycleRounds() + " rounds after one warm-up round, contenders interleaved; each contender"
            + " on a HikariCP pool of its own (2 connections, made anew per round). `jdbc_floor` is a bare"
            + " `INSERT ... ON CONFLICT DO NOTHING` (database-clock lease end) and an owner-checked `DELETE`,"
            + " autocommit: no fencing, no expiry takeover. `jdbc_lockkey` is `JdbcLockExecutor` (fencing token,"
            + " `clock_timestamp()`), `jdbc_spring` Spring Integration's `JdbcLockRegistry` on"
            + " `DefaultLockRepository` with a `DataSourceTransactionManager`, `jdbc_shedlock` ShedLock's"
            + " `JdbcTemplateLockProvider` with `usingDbTime()`. Round trips are counted by a wrapper around the"
            + " pool (every statement executed, every commit and rollback; the driver sends `BEGIN` with the"
            + " first statement). Transactions come from `pg_stat_database` (`xact_commit + xact_rollback`)"
            + " before and after, the pool closed, divided by the cycles.",
        List.of(cycles, trips, transactions), targets, "");
  }

  private static void cycle(LockContender locks, String key) {
    HeldLock held = locks.tryAcquire(key);
    if (held == null) {
      throw new IllegalStateException("an uncontended lock was taken: " + key);
    }
    held.release();
  }

  private static Section acrossProcesses(SuiteSettings settings, BenchmarkPostgres postgres, RedisEndpoint redis,
      Progress progress) throws IOException, InterruptedException {
    Figure cycles = new Figure("cycles", "cycles/s", SPRING, true);
    Figure p50 = new Figure("wait for the lock, median", "µs", SPRING, false);
    Figure p99 = new Figure("wait for the lock, 99th percentile", "µs", SPRING, false);
    Figure max = new Figure("wait for the lock, longest", "µs", SPRING, false);
    Figure evenness = new Figure("slowest process's cycles ÷ fastest process's", "share", SPRING, true);
    Figure transactions = new Figure("database transactions per cycle (pg_stat_database; pool setup and"
        + " warm-up included)", "transactions", SPRING, false);
    Figure overlaps = new Figure("overlaps inside the critical section", "count", SPRING, false);
    Figure timeouts = new Figure("acquisitions that timed out", "count", SPRING, false);
    List<ProcessContender> contenders = ProcessContender.jdbc();
    for (int round = 0; round < settings.crossProcessRounds(); round++) {
      for (ProcessContender contender : Rounds.order(contenders, round)) {
        String label = contender.label();
        progress.step("jdbc cross-process", label, round, settings.crossProcessRounds());
        long before = postgres.transactions();
        ProcessContentionResult result = ProcessContentionRun.run(contender, redis,
            "bench:jdbc:" + label + ":" + round, settings.crossProcesses(), settings.crossProcessThreads(),
            settings.crossProcessTime(), List.of());
        long transacted = postgres.transactions() - before - READ_TRANSACTIONS;
        cycles.add(label, result.cyclesPerSecond());
        p50.add(label, result.p50WaitMicros());
        p99.add(label, result.p99WaitMicros());
        max.add(label, result.maxWaitMicros());
        evenness.add(label, result.evenness());
        transactions.add(label, (double) transacted / Math.max(1, result.cycles()));
        overlaps.add(label, result.overlaps());
        timeouts.add(label, result.timeouts());
      }
    }
    List<Target> targets = new ArrayList<>();
    for (String peer : List.of(SPRING, SHEDLOCK)) {
      targets.add(new Target("cycles at least 3x " + peer + "'s", cycles, OURS_ACROSS, peer, 3, false, false));
      targets.add(new Target("p99 wait at most 1/3 of " + peer + "'s", p99, OURS_ACROSS, peer, 1 / 3.0, true,
          false));
    }
    for (ProcessContender contender : contenders) {
      targets.add(new Target("no overlap in any round", overlaps, contender.label(), null, 0, true, true));
    }
    return new Section(
        "PostgreSQL contention across processes, " + settings.crossProcesses() + " JVMs x "
            + settings.crossProcessThreads() + " threads on one key",
        "The cross-process run's driver and workers as on Redis: " + settings.crossProcesses() + " worker JVMs, "
            + settings.crossProcessThreads() + " threads each, loop lock, the same critical section of 3 Redis"
            + " commands (INCR must read 1: overlaps), unlock, for " + settings.crossProcessTime().toMillis() / 1000.0
            + " s per contender, " + settings.crossProcessRounds() + " rounds, contenders interleaved; the lock is"
            + " in PostgreSQL, each worker on a HikariCP pool of 4. Workers share the suite JVM's CPU; the"
            + " postmaster (so every backend) and redis-server are pinned to the other when the machine allows"
            + " (the unpinned placement of the Redis run is not repeated here). `jdbc_lockkey` waits woken by"
            + " `LISTEN`/`NOTIFY`; `jdbc_spring` retries every 100 ms (the registry's default) behind a local"
            + " per-key lock; ShedLock has no blocking acquire, so `jdbc_shedlock` is a poll loop around"
            + " `lock()`, again every 1-5 ms (random), like the Redis `poll`. Transactions come from"
            + " `pg_stat_database` before and after each run (the workers' backends ended), divided by its"
            + " cycles: a Spring cycle is multi-statement transactions, so round trips are more than these.",
        List.of(cycles, p50, p99, max, evenness, transactions, overlaps, timeouts), targets, "");
  }
}
