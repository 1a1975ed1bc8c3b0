package dev.lockkey.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.rwlock.RedisReadWriteLocks;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.RedisClient;

/**
 * One key's read/write lock taken by {@value #PROCESSES} processes of {@value #THREADS} threads
 * ({@link ReadWriteWorker}: a writer and readers each), counted by the test outside the library
 * ({@link ReadWriteHolders}): a writer never beside anyone, readers beside each other, and a writer
 * that queued while readers were inside got in within {@link #WRITE_BOUND} (a waiting writer blocks
 * new readers). Then one process is killed (SIGKILL) holding or waiting, and the test's own writer
 * gets in within one lease: the dead process's shares and queue entries free by themselves.
 * {@code -Dlockkey.rwlock.seconds=<n>} sets how long the workers run before the kill (default 8).
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ReadWriteAcrossProcessesTest {
  private static final int PROCESSES = 3;
  private static final int THREADS = 3;
  private static final int WRITERS = 1;
  /** As long as a dead waiter's queue entry may live (3 s past its last attempt, at most 1 s before it died). */
  private static final Duration LEASE = Duration.ofSeconds(3);
  private static final Duration RUN_TIME = Duration.ofSeconds(Long.getLong("lockkey.rwlock.seconds", 8));
  /** A writer behind readers waits for those inside (60 ms at most) and the writers ahead; the rest is a loaded machine. */
  private static final Duration WRITE_BOUND = Duration.ofSeconds(3);
  /** What a 2-core machine shared by several builds adds to a wait. */
  private static final Duration SLACK = Duration.ofSeconds(3);
  /** A JVM's start and stop on a loaded machine. */
  private static final Duration PATIENCE = Duration.ofSeconds(60);

  @Test
  void aWriterIsAloneReadersShareAndAWriterBehindReadersGetsIn() throws Exception {
    assumeFalse(System.getProperty("os.name").startsWith("Windows"), "needs SIGKILL");
    RedisFixture redis = RedisFixture.shared();
    Keyspace keyspace = UniqueKeyspace.of("rw");
    List<ChildJvm> workers = new ArrayList<>();
    try (RedisClient jedis = redis.newClient();
        RedisReadWriteLocks locks = RedisReadWriteLocks.create(JedisConnection.of(jedis), keyspace)) {
      ReadWriteHolders holders = new ReadWriteHolders(jedis, keyspace.env());
      for (int i = 0; i < PROCESSES; i++) {
        workers.add(ChildJvm.start(ReadWriteWorker.class, Map.of(RedisFixture.REDIS_URL, redis.uri().toString()),
            keyspace.env(), Integer.toString(THREADS), Integer.toString(WRITERS), Long.toString(LEASE.toMillis())));
      }
      for (ChildJvm worker : workers) {
        worker.awaitLine("STARTED", PATIENCE);
      }
      Thread.sleep(RUN_TIME.toMillis());

      ChildJvm victim = workers.get(0);
      String victimHeld = holders.inside().entrySet().stream()
          .filter(entry -> entry.getKey().startsWith(victim.pid() + "-")).map(Map.Entry::getValue).sorted()
          .reduce("", String::concat);
      long killedAt = System.nanoTime();
      victim.close(); // SIGKILL: its shares hold until their leases end, its queue entries until they run out
      holders.leaveAll(victim.pid());
      Lease lease = locks.write(ReadWriteWorker.KEY, LockOptions.builder().leaseTime(LEASE).waitTime(PATIENCE).build());
      long afterKillNanos = System.nanoTime() - killedAt;
      holders.enter("test", true);
      holders.exit("test");
      lease.release();

      List<ReportLine> writes = new ArrayList<>();
      workers.forEach(worker -> writes.addAll(worker.lines("WRITE")));
      List<ReportLine> results = new ArrayList<>();
      for (ChildJvm worker : workers.subList(1, PROCESSES)) {
        worker.send("stop");
        results.add(worker.awaitLine("RESULT", PATIENCE));
        assertThat(worker.awaitExit(PATIENCE)).as(worker.output()).isZero();
      }
      // the writes that queued behind readers and got in before the kill: none waited for the dead process
      List<Long> waitsBehindReaders = writes.stream()
          .filter(write -> write.number("readers") > 0
              && write.number("startNanos") + write.number("waitedNanos") < killedAt)
          .map(write -> write.number("waitedNanos")).sorted().toList();
      record(results, writes, waitsBehindReaders, holders, victimHeld, afterKillNanos);

      assertThat(holders.overlaps()).as("entries that found a writer beside someone").isZero();
      assertThat(holders.mostReaders()).as("the most readers inside at once").isGreaterThanOrEqualTo(2);
      assertThat(results).allSatisfy(result -> {
        assertThat(result.number("reads")).isPositive();
        assertThat(result.number("writes")).isPositive();
        assertThat(result.number("errors")).isZero();
      });
      assertThat(waitsBehindReaders).as("writes that queued with readers inside").hasSizeGreaterThan(10);
      assertThat(Duration.ofNanos(waitsBehindReaders.get(waitsBehindReaders.size() - 1)))
          .as("the longest wait of a writer behind readers").isLessThanOrEqualTo(WRITE_BOUND);
      assertThat(Duration.ofNanos(afterKillNanos)).as("a writer in after a process was killed")
          .isLessThanOrEqualTo(LEASE.plus(SLACK));
      assertThat(holders.inside()).as("holders left in the count").isEmpty();
      holders.clear();
    } finally {
      for (ChildJvm worker : workers) {
        worker.close();
      }
    }
  }

  private static void record(List<ReportLine> results, List<ReportLine> writes, List<Long> waitsBehindReaders,
      ReadWriteHolders holders, String victimHeld, long afterKillNanos) {
    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("seconds", RUN_TIME.toSeconds());
    figures.put("reads", results.stream().mapToLong(result -> result.number("reads")).sum());
    figures.put("writes", writes.size());
    figures.put("overlaps", holders.overlaps());
    figures.put("mostReaders", holders.mostReaders());
    figures.put("writesBehindReaders", waitsBehindReaders.size());
    figures.put("writeWaitMedianMs", millis(waitsBehindReaders, 0.5));
    figures.put("writeWaitP99Ms", millis(waitsBehindReaders, 0.99));
    figures.put("writeWaitMaxMs", millis(waitsBehindReaders, 1));
    figures.put("victimHeld", victimHeld.isEmpty() ? "nothing" : victimHeld);
    figures.put("writerInAfterKillMs", TimeUnit.NANOSECONDS.toMillis(afterKillNanos));
    figures.put("leaseMs", LEASE.toMillis());
    Figures.record("rwlock", figures);
  }

  private static long millis(List<Long> sorted, double quantile) {
    if (sorted.isEmpty()) {
      return -1;
    }
    return TimeUnit.NANOSECONDS.toMillis(sorted.get((int) Math.min(sorted.size() - 1, quantile * sorted.size())));
  }
}
