package dev.lockkey.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.lockkey.Keyspace;
import dev.lockkey.leader.Revocation;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.RedisClient;

/**
 * Leader election across processes: {@value #WORKERS} JVMs stand as candidates ({@link LeaderWorker},
 * lease {@link #LEASE}), each leader doing its work in a fenced ledger ({@link FencedRegister}: it
 * refuses a token below one it has seen, and records every write, accepted or refused). The test
 * kills (SIGKILL) the leader's process, and in the next round stops it (SIGSTOP) longer than its
 * lease and until its successor has written, then lets it go on (SIGCONT); a killed worker is
 * replaced. Checked outside the
 * library, on the machine's monotonic clock (shared by its processes) and in the ledger:
 * <ul>
 *   <li>a new leader within the lease time and one renewal period after each fault (plus
 *       {@link #SLACK} for a loaded machine);
 *   <li>no two terms overlap: each term was killed, stopped or revoked before the next was elected,
 *       and fencing tokens rise from term to term;
 *   <li>the ledger accepted no write of a term after a later term's, refused writes only of the
 *       stopped leaders (the work in hand when they were stopped), and lost no update;
 *   <li>a stopped leader, resumed, hears {@code onRevoked} ({@code EXPIRING} or {@code LOST}), and
 *       no revoked term writes any more.
 * </ul>
 * {@code -Dlockkey.leadership.rounds=<n>} sets the faults (default 4, kill and stop in turn).
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class LeadershipAcrossProcessesTest {
  private static final int WORKERS = 3;
  private static final Duration LEASE = Duration.ofSeconds(2);
  private static final Duration RENEWAL_PERIOD = LEASE.dividedBy(3);
  /** What a 2-core machine shared by several builds adds to a failover: scheduling, a poll. */
  private static final Duration SLACK = Duration.ofSeconds(3);
  /** How long a leader leads before its fault: past a renewal, so that the lease it loses is a renewed one. */
  private static final Duration LEAD = RENEWAL_PERIOD.multipliedBy(3).dividedBy(2);
  /** The least time a leader stays stopped: longer than its lease. */
  private static final Duration STOPPED_AT_LEAST = LEASE.plus(RENEWAL_PERIOD);
  private static final int ROUNDS = Integer.getInteger("lockkey.leadership.rounds", 4);
  /** A JVM's start, and anything that waits for a worker, on a loaded machine. */
  private static final Duration PATIENCE = Duration.ofSeconds(60);

  private enum Fault { KILL, STOP }

  /** One term as its worker told it: elected, and revoked unless still on or killed. */
  private record Term(ChildJvm worker, long token, long electedNanos, Optional<ReportLine> revoked) {}

  /** A fault of one round: which term it hit and when, how long until the next leader, and when it was healed. */
  private record Round(Fault fault, long token, long faultNanos, long failoverNanos, long healNanos) {}

  private final List<ChildJvm> workers = new ArrayList<>();

  @Test
  void aNewLeaderFollowsEachKilledOrStoppedLeaderAndTheLedgerRefusesEveryStaleTerm() throws Exception {
    assumeFalse(System.getProperty("os.name").startsWith("Windows"), "needs SIGKILL, SIGSTOP and SIGCONT");
    RedisFixture redis = RedisFixture.shared();
    Keyspace keyspace = UniqueKeyspace.of("leaders");
    List<Round> rounds = new ArrayList<>();
    try (RedisClient jedis = redis.newClient()) {
      FencedRegister ledger = new FencedRegister(jedis, keyspace);
      List<ChildJvm> alive = new ArrayList<>();
      for (int i = 0; i < WORKERS; i++) {
        alive.add(started(redis, keyspace));
      }
      for (ChildJvm worker : alive) {
        worker.awaitLine("STARTED", PATIENCE);
      }
      for (int round = 0; round < ROUNDS; round++) {
        Fault fault = round % 2 == 0 ? Fault.KILL : Fault.STOP;
        Term leader = awaitLeaderAfter(0, PATIENCE);
        awaitAccepted(ledger, leader.token()); // it leads: the ledger has its writes
        Thread.sleep(LEAD.toMillis());
        long faultNanos = System.nanoTime();
        if (fault == Fault.KILL) {
          leader.worker().close(); // SIGKILL
          alive.remove(leader.worker());
        } else {
          leader.worker().signal("STOP");
        }
        Term next = awaitLeaderAfter(leader.token(), LEASE.plus(PATIENCE));
        long healNanos = 0;
        if (fault == Fault.KILL) {
          alive.add(started(redis, keyspace));
        } else {
          awaitAccepted(ledger, next.token()); // the successor wrote: the stopped leader's work is stale
          long stoppedNanos = System.nanoTime() - faultNanos;
          Thread.sleep(Math.max(0, TimeUnit.NANOSECONDS.toMillis(STOPPED_AT_LEAST.toNanos() - stoppedNanos)));
          healNanos = System.nanoTime();
          leader.worker().signal("CONT");
          Await.until("the resumed leader hears onRevoked", PATIENCE, () -> revoked(leader).isPresent());
        }
        rounds.add(new Round(fault, leader.token(), faultNanos, next.electedNanos() - faultNanos, healNanos));
      }
      for (ChildJvm worker : alive) {
        worker.awaitLine("STARTED", PATIENCE);
      }
      List<FaultHistory.Write> writes = ledger.history(LeaderWorker.KEY).stream().map(FaultHistory.Write::parse)
          .toList();
      List<String> lateWrites = writesOfEndedTerms(ledger, writes.size());
      List<Term> terms = terms();
      record(rounds, terms, writes);

      for (Round round : rounds) {
        assertThat(Duration.ofNanos(round.failoverNanos())).as("a new leader after %s of term %d", round.fault(),
            round.token()).isLessThanOrEqualTo(LEASE.plus(RENEWAL_PERIOD).plus(SLACK));
      }
      assertThat(overlappingTerms(terms, rounds)).as("terms that overlap").isEmpty();
      assertThat(staleWritesAccepted(writes)).as("writes accepted after a later term's").isEmpty();
      Set<Long> stopped = new HashSet<>();
      rounds.stream().filter(round -> round.fault() == Fault.STOP).forEach(round -> stopped.add(round.token()));
      assertThat(writes).filteredOn(write -> !write.accepted())
          .as("refused writes: only of stopped leaders").allMatch(write -> stopped.contains(write.token()));
      if (!stopped.isEmpty()) {
        assertThat(writes).as("a resumed leader's late write, refused")
            .anyMatch(write -> !write.accepted() && stopped.contains(write.token()));
      }
      assertThat(new FaultHistory(List.of(), Map.of(0, writes), List.of(), Duration.ZERO).lostUpdates())
          .as("lost updates").isEmpty();
      for (Term term : terms) {
        if (stopped.contains(term.token())) {
          assertThat(term.revoked()).as("the revocation of stopped term %d", term.token()).hasValueSatisfying(line ->
              assertThat(Revocation.valueOf(line.value("reason"))).isIn(Revocation.EXPIRING, Revocation.LOST));
        }
      }
      assertThat(lateWrites).as("writes of terms that had ended").isEmpty();
    } finally {
      for (ChildJvm worker : workers) {
        worker.close();
      }
    }
  }

  private ChildJvm started(RedisFixture redis, Keyspace keyspace) {
    ChildJvm worker = ChildJvm.start(LeaderWorker.class, Map.of(RedisFixture.REDIS_URL, redis.uri().toString()),
        keyspace.env(), Long.toString(LEASE.toMillis()));
    workers.add(worker);
    return worker;
  }

  /** Every term so far, by election time. */
  private List<Term> terms() {
    List<Term> terms = new ArrayList<>();
    for (ChildJvm worker : workers) {
      List<ReportLine> revocations = worker.lines("REVOKED");
      for (ReportLine elected : worker.lines("ELECTED")) {
        long token = elected.number("token");
        terms.add(new Term(worker, token, elected.number("nanos"),
            revocations.stream().filter(line -> line.number("token") == token).findFirst()));
      }
    }
    terms.sort(Comparator.comparingLong(Term::electedNanos));
    return terms;
  }

  private Optional<ReportLine> revoked(Term term) {
    return term.worker().lines("REVOKED").stream().filter(line -> line.number("token") == term.token()).findFirst();
  }

  /** Waits for a term with a token above {@code token} that is still on, and the only one on. */
  private Term awaitLeaderAfter(long token, Duration atMost) throws InterruptedException {
    long deadline = System.nanoTime() + atMost.toNanos();
    while (true) {
      List<Term> on = terms().stream().filter(term -> term.token() > token && term.revoked().isEmpty()
          && term.worker().isAlive()).toList();
      if (on.size() == 1) {
        return on.get(0);
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("no single leader after term " + token + " within " + atMost + ": " + on);
      }
      Thread.sleep(10);
    }
  }

  private static void awaitAccepted(FencedRegister ledger, long token) throws InterruptedException {
    Await.until("a write of term " + token + " in the ledger", PATIENCE, () -> ledger.history(LeaderWorker.KEY)
        .stream().map(FaultHistory.Write::parse).anyMatch(write -> write.accepted() && write.token() == token));
  }

  /**
   * Never two terms at once: each term ended (killed, stopped, or revoked by its worker) before the
   * next was elected, and the next one's token is higher.
   */
  private static List<String> overlappingTerms(List<Term> terms, List<Round> rounds) {
    Map<Long, Long> faulted = new LinkedHashMap<>();
    rounds.forEach(round -> faulted.put(round.token(), round.faultNanos()));
    List<String> violations = new ArrayList<>();
    for (int i = 1; i < terms.size(); i++) {
      Term before = terms.get(i - 1);
      Term after = terms.get(i);
      long endNanos = faulted.containsKey(before.token()) ? faulted.get(before.token())
          : before.revoked().map(line -> line.number("nanos")).orElse(Long.MAX_VALUE);
      if (endNanos > after.electedNanos() || after.token() <= before.token()) {
        violations.add("term " + before.token() + " of " + before.worker().pid() + ", ended " + endNanos + ", and term "
            + after.token() + " of " + after.worker().pid() + ", elected " + after.electedNanos());
      }
    }
    return violations;
  }

  /** In the ledger's order, accepted writes whose term is below one accepted before them. */
  private static List<String> staleWritesAccepted(List<FaultHistory.Write> writes) {
    List<String> violations = new ArrayList<>();
    long highest = 0;
    for (FaultHistory.Write write : writes) {
      if (write.accepted()) {
        if (write.token() < highest) {
          violations.add(write + " after term " + highest);
        }
        highest = Math.max(highest, write.token());
      }
    }
    return violations;
  }

  /**
   * The ledger's writes, after {@code seen} of them, of terms that had ended by then: a revoked
   * leader's work stopped with {@code onRevoked}. Waits a few pieces of work for late ones.
   */
  private List<String> writesOfEndedTerms(FencedRegister ledger, int seen) throws InterruptedException {
    Set<Long> ended = new HashSet<>();
    terms().stream().filter(term -> term.revoked().isPresent() || !term.worker().isAlive())
        .forEach(term -> ended.add(term.token()));
    Thread.sleep(1_000);
    List<String> history = ledger.history(LeaderWorker.KEY);
    return history.subList(seen, history.size()).stream()
        .filter(entry -> ended.contains(FaultHistory.Write.parse(entry).token())).toList();
  }

  private static void record(List<Round> rounds, List<Term> terms, List<FaultHistory.Write> writes) {
    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("leaseMs", LEASE.toMillis());
    figures.put("boundMs", LEASE.plus(RENEWAL_PERIOD).plus(SLACK).toMillis());
    for (Fault fault : Fault.values()) {
      figures.put(fault.name().toLowerCase() + "FailoverMs", rounds.stream().filter(round -> round.fault() == fault)
          .map(round -> Long.toString(TimeUnit.NANOSECONDS.toMillis(round.failoverNanos()))).toList()
          .toString().replace(" ", ""));
    }
    figures.put("stoppedMs", rounds.stream().filter(round -> round.fault() == Fault.STOP)
        .map(round -> Long.toString(TimeUnit.NANOSECONDS.toMillis(round.healNanos() - round.faultNanos()))).toList()
        .toString().replace(" ", ""));
    figures.put("revokedAfterContMs", rounds.stream().filter(round -> round.fault() == Fault.STOP)
        .map(round -> terms.stream().filter(term -> term.token() == round.token()).findFirst()
            .flatMap(Term::revoked).map(line -> Long.toString(
                TimeUnit.NANOSECONDS.toMillis(line.number("nanos") - round.healNanos()))).orElse("none"))
        .toList().toString().replace(" ", ""));
    figures.put("terms", terms.size());
    figures.put("revocations", terms.stream().flatMap(term -> term.revoked().stream())
        .map(line -> line.value("reason")).sorted().toList().toString().replace(" ", ""));
    figures.put("accepted", writes.stream().filter(FaultHistory.Write::accepted).count());
    figures.put("refused", writes.stream().filter(write -> !write.accepted()).count());
    Figures.record("leadership", figures);
  }
}
