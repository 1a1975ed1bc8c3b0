package dev.lockkey.reliability;

import dev.lockkey.Keyspace;
import dev.lockkey.leader.LeaderCandidate;
import dev.lockkey.leader.Leadership;
import dev.lockkey.leader.LeadershipListener;
import dev.lockkey.leader.LeadershipTerm;
import dev.lockkey.leader.Revocation;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.reliability.specs.StockAdjustmentKey;
import dev.lockkey.testing.RedisFixture;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import redis.clients.jedis.RedisClient;

/**
 * One process of the cross-process leadership test: a {@link Leadership} candidate of {@link #KEY}
 * that, each time it is elected, starts a thread doing the leader's work in a fenced ledger (a
 * {@link FencedRegister} with the term's fencing token) until {@code onRevoked} stops it. A piece
 * of work reads the ledger, works {@link #WORK} and writes the next value: a pause of the process
 * lands in that work almost always, so a leader paused past its lease writes once more on waking,
 * as a real one would, and the ledger must refuse it. The test stops (SIGSTOP) and kills (SIGKILL)
 * such processes.
 *
 * <p>Prints, by {@link System#nanoTime()} (which on Linux all processes of a machine share):
 * {@code ELECTED token=.. nanos=..} when elected, and {@code REVOKED token=.. reason=.. nanos=..}
 * when told of the revocation ({@code nanos}) and once its work stopped ({@code stoppedNanos}).
 * Ends at a line on standard input (stepping down).
 *
 * <p>Connects to the server that {@value RedisFixture#REDIS_URL} names, for the election and the
 * ledger alike. Arguments: the key space's environment word, the lease time in milliseconds.
 */
public final class LeaderWorker {
  /** The key whose election every worker stands in, and the ledger's key. */
  public static final StockAdjustmentKey KEY = StockAdjustmentKey.of("central", 25);
  /** Between reading the ledger and writing it: where a pause lands. */
  private static final Duration WORK = Duration.ofMillis(150);
  private static final Duration STOP_GRACE = Duration.ofSeconds(10);

  private LeaderWorker() {}

  /** Runs the worker; see the class documentation for the arguments. */
  public static void main(String[] args) throws Exception {
    if (System.getenv(RedisFixture.REDIS_URL) == null) {
      throw new IllegalStateException(RedisFixture.REDIS_URL + " must name the test's Redis server");
    }
    Keyspace keyspace = Keyspace.of(args[0]);
    Duration lease = Duration.ofMillis(Long.parseLong(args[1]));
    String writer = Long.toString(ProcessHandle.current().pid());
    try (RedisFixture redis = RedisFixture.start();
        RedisClient jedis = redis.newClient();
        RedisLockExecutor locks = RedisLockExecutor.create(JedisConnection.of(jedis), keyspace)) {
      FencedRegister ledger = new FencedRegister(jedis, keyspace);
      LeaderCandidate candidate = Leadership.of(KEY).leaseTime(lease)
          .listener(new Leader(ledger, writer))
          .start(locks);
      System.out.println(ReportLine.of("STARTED", Map.of("pid", writer)).format());
      new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
      candidate.close();
    }
  }

  /** The leader's side: a work thread per term, stopped (and waited for) when the term is revoked. */
  private static final class Leader implements LeadershipListener {
    private final FencedRegister ledger;
    private final String writer;
    private volatile boolean stopped;
    private Thread work; // touched by the candidate's thread only

    Leader(FencedRegister ledger, String writer) {
      this.ledger = ledger;
      this.writer = writer;
    }

    @Override
    public void onElected(LeadershipTerm term) {
      long nanos = System.nanoTime();
      System.out.println(ReportLine.of("ELECTED", Map.of("token", term.fencingToken(), "nanos", nanos)).format());
      stopped = false;
      work = new Thread(() -> lead(term.fencingToken()), "leader-work");
      work.start();
    }

    @Override
    public void onRevoked(LeadershipTerm term, Revocation reason) {
      long nanos = System.nanoTime();
      stopped = true;
      try {
        work.join(STOP_GRACE.toMillis()); // the work in hand finishes: a write that may come late
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      Map<String, Object> line = new LinkedHashMap<>();
      line.put("token", term.fencingToken());
      line.put("reason", reason);
      line.put("nanos", nanos);
      line.put("stoppedNanos", System.nanoTime());
      System.out.println(ReportLine.of("REVOKED", line).format());
    }

    /** Reads, works, writes with the term's token, until stopped; never asks whether still leader. */
    private void lead(long token) {
      while (!stopped) {
        try {
          long value = ledger.read(KEY, token);
          LockSupport.parkNanos(WORK.toNanos());
          ledger.write(KEY, token, value, value + 1, writer);
        } catch (RuntimeException e) {
          System.err.println("leader work: " + e);
          LockSupport.parkNanos(WORK.toNanos());
        }
      }
    }
  }
}
