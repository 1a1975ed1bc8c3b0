package dev.lockkey.leader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.ContractKey;
import dev.lockkey.lock.LockBackendContract.StoreOutage;
import dev.lockkey.lock.LockListener;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Leader election on a real store, whichever the backend: three candidates, each with an executor
 * of its own behind a path the test cuts (a {@link StoreOutage}: a TCP proxy that resets and
 * refuses). The leader is cut off three times, and steps down once; a fresh candidate replaces each
 * one cut off. Checked outside the library, on the test's monotonic clock and in a fenced ledger
 * that every leader writes to while its term is active:
 * <ul>
 *   <li>after each cut a new leader is elected within the lease time and one renewal period (plus
 *       a slack for a loaded machine);
 *   <li>terms never overlap: each term's {@code onRevoked} came before the next term's
 *       {@code onElected}, and fencing tokens rise from term to term;
 *   <li>the ledger refused no write: no leader wrote with a token lower than one written before;
 *   <li>only the nodes cut off lost a term otherwise than by stepping down (a lease handed over by
 *       a release starts as a short claim, which must not be taken for a failing renewal).
 * </ul>
 */
public abstract class LeaderElectionContract {
  private static final Duration LEASE = Duration.ofSeconds(3);
  private static final Duration RENEWAL_PERIOD = LEASE.dividedBy(3);
  /** What a machine shared by many builds adds to a failover: scheduling, a poll, a reconnect. */
  private static final Duration SLACK = Duration.ofSeconds(2);

  private final Ledger ledger = new Ledger();
  private final List<Term> terms = new CopyOnWriteArrayList<>();
  private final List<Node> nodes = new ArrayList<>();
  private final List<String> cut = new ArrayList<>();
  private Keyspace keyspace;

  /** A path to the store that the test can cut, with an executor on it; null to skip. */
  protected abstract StoreOutage storeOutage();

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void aLeaderCutOffIsRevokedBeforeItsSuccessorIsElected() throws Exception {
    keyspace = Keyspace.of("leader" + Long.toHexString(System.nanoTime()));
    try {
      for (int i = 0; i < 3; i++) {
        assumeTrue(addNode(), "no way to cut this backend's executor off its store");
      }
      for (int round = 0; round < 3; round++) {
        Node leader = awaitOneLeader();
        long cutNanos = System.nanoTime();
        cut.add(leader.name);
        leader.outage.begin();
        Node next = awaitOneLeaderOtherThan(leader);
        long failoverNanos = next.lastTerm().electedNanos - cutNanos;
        System.out.printf("%s: failover %d ms after the cut (round %d)%n", getClass().getSimpleName(),
            TimeUnit.NANOSECONDS.toMillis(failoverNanos), round);
        assertThat(Duration.ofNanos(failoverNanos)).as("failover in round %d", round)
            .isLessThanOrEqualTo(LEASE.plus(RENEWAL_PERIOD).plus(SLACK));
        assertThat(leader.lastTerm().reason).as("why the leader cut off was revoked")
            .isIn(Revocation.EXPIRING, Revocation.LOST);
        leader.close();
        addNode();
      }
      Node leader = awaitOneLeader();
      leader.close(); // steps down: released, so the next is elected without waiting for the lease
      assertThat(leader.lastTerm().reason).isEqualTo(Revocation.STEPPED_DOWN);
      awaitOneLeaderOtherThan(leader);
    } finally {
      nodes.forEach(Node::close);
    }

    List<Term> byToken = new ArrayList<>(terms);
    byToken.sort(Comparator.comparingLong(term -> term.token));
    assertThat(byToken).as("terms").hasSizeGreaterThanOrEqualTo(5);
    for (int i = 1; i < byToken.size(); i++) {
      Term before = byToken.get(i - 1);
      Term after = byToken.get(i);
      assertThat(after.token).as("fencing tokens of successive terms").isGreaterThan(before.token);
      assertThat(before.revokedNanos).as("%s revoked before %s was elected", before, after)
          .isPositive().isLessThanOrEqualTo(after.electedNanos);
    }
    assertThat(byToken).as("terms ended otherwise than by a step-down: only those of nodes cut off")
        .filteredOn(term -> term.reason != Revocation.STEPPED_DOWN).allSatisfy(term -> assertThat(cut).contains(term.node));
    assertThat(ledger.rejected()).as("writes the ledger refused as stale").isZero();
    assertThat(ledger.accepted()).as("writes of the leaders").isPositive();
  }

  private boolean addNode() {
    StoreOutage outage = storeOutage();
    if (outage == null) {
      return false;
    }
    Node node = new Node("n" + nodes.size(), outage);
    nodes.add(node);
    node.candidate = Leadership.of(ContractKey.of("billing", "leader")).leaseTime(LEASE)
        .retry(Duration.ofMillis(50), Duration.ofMillis(500)).listener(node)
        .start(outage.executor(keyspace, LockListener.NONE));
    return true;
  }

  private Node awaitOneLeader() throws InterruptedException {
    await(() -> leaders().size() == 1, "one leader among " + nodes);
    return leaders().get(0);
  }

  private Node awaitOneLeaderOtherThan(Node former) throws InterruptedException {
    await(() -> leaders().size() == 1 && leaders().get(0) != former, "a leader other than " + former);
    return leaders().get(0);
  }

  private List<Node> leaders() {
    return nodes.stream().filter(node -> !node.closed && node.candidate.isLeader()).toList();
  }

  private static void await(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("no " + what + " within 30 s");
      }
      Thread.sleep(10);
    }
  }

  /** The resource the leaders write to: it refuses a token lower than the highest it accepted. */
  private static final class Ledger {
    private long highest = Long.MIN_VALUE;
    private long accepted;
    private long rejected;

    synchronized void write(long token) {
      if (token < highest) {
        rejected++;
      } else {
        highest = token;
        accepted++;
      }
    }

    synchronized long accepted() {
      return accepted;
    }

    synchronized long rejected() {
      return rejected;
    }
  }

  /** One term as the test saw it, on its own clock. */
  private static final class Term {
    final String node;
    final long token;
    final long electedNanos = System.nanoTime();
    volatile long revokedNanos;
    volatile Revocation reason;

    Term(String node, long token) {
      this.node = node;
      this.token = token;
    }

    @Override
    public String toString() {
      return node + "'s term " + token;
    }
  }

  /** A candidate on an executor of its own, which writes to the ledger while it leads. */
  private final class Node implements LeadershipListener {
    final String name;
    final StoreOutage outage;
    volatile LeaderCandidate candidate;
    volatile Term last;
    volatile boolean closed;

    Node(String name, StoreOutage outage) {
      this.name = name;
      this.outage = outage;
    }

    Term lastTerm() {
      return last;
    }

    @Override
    public void onElected(LeadershipTerm term) {
      Term seen = new Term(name, term.fencingToken());
      terms.add(seen);
      last = seen;
      Thread writer = new Thread(() -> {
        while (term.isActive()) {
          ledger.write(term.fencingToken());
          try {
            Thread.sleep(20);
          } catch (InterruptedException e) {
            return;
          }
        }
      }, "ledger-writer-" + name);
      writer.setDaemon(true);
      writer.start();
    }

    @Override
    public void onRevoked(LeadershipTerm term, Revocation reason) {
      last.reason = reason;
      last.revokedNanos = System.nanoTime();
    }

    void close() {
      if (!closed) {
        candidate.close();
        closed = true;
        outage.close();
      }
    }

    @Override
    public String toString() {
      return name;
    }
  }
}
