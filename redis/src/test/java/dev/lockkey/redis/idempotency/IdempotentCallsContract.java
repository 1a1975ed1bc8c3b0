package dev.lockkey.redis.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.codec.ResultCodec;
import dev.lockkey.format.CanonicalJson;
import dev.lockkey.idempotency.IdempotencyConflictException;
import dev.lockkey.idempotency.IdempotencyDecodeException;
import dev.lockkey.idempotency.IdempotencyFailedException;
import dev.lockkey.idempotency.IdempotencyInProgressException;
import dev.lockkey.idempotency.IdempotencyOptions;
import dev.lockkey.idempotency.IdempotentCalls;
import dev.lockkey.idempotency.IdempotentWork;
import dev.lockkey.lock.Concurrently;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.redis.Servers;
import dev.lockkey.redis.connection.JedisConnection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

/**
 * What an idempotent call promises, on a real Redis (a single node or the cluster): two servers,
 * each with its own client and {@link IdempotentCalls}. Work is counted in Redis, so a second run
 * anywhere would show; every wait is bounded, and no assertion depends on timing.
 */
abstract class IdempotentCallsContract {
  private static final Keyspace KEYSPACE = Servers.KEYSPACE;
  private static final IdempotencyOptions<String> TEXT = IdempotencyOptions.builder(ResultCodec.utf8()).build();
  private static final String PAYLOAD = fingerprint("{\"amount\":100,\"currency\":\"EUR\"}");
  private static final String OTHER_PAYLOAD = fingerprint("{\"amount\":200,\"currency\":\"EUR\"}");

  private final Servers servers = newServers();
  private final List<LeaseEvents> events = List.of(new LeaseEvents(), new LeaseEvents());
  private final List<IdempotentCalls> calls = List.of(newCalls(servers, 0, events.get(0)),
      newCalls(servers, 1, events.get(1)));
  private final UnifiedJedis redis = servers.client(0);
  private final LockKey key = SampleKey.unique();
  private final String workCounter = "test:idem-work:{" + key.canonical() + "}";
  /** Runs a first call while the test makes others. */
  private final ExecutorService background = Executors.newSingleThreadExecutor();

  /** Two servers on the Redis under test. */
  abstract Servers newServers();

  /** Server {@code i}'s calls, telling {@code events}, closed after the test: on a machinery of their own. */
  IdempotentCalls newCalls(Servers servers, int i, LeaseEvents events) {
    return RedisIdempotentCalls.create(servers.connection(i), KEYSPACE, events);
  }

  @AfterEach
  void stopServers() throws InterruptedException {
    background.shutdownNow();
    assertThat(background.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    redis.del(workCounter, KEYSPACE.fullKey(RedisIdempotentCalls.PURPOSE, key),
        KEYSPACE.fullKey(RedisIdempotentCalls.FENCE_PURPOSE, key));
    calls.forEach(IdempotentCalls::close);
    servers.close();
  }

  static String fingerprint(String canonicalJson) {
    return CanonicalJson.fingerprint(canonicalJson);
  }

  /** Counts a run of the work in Redis and returns its number. */
  private long countRun() {
    return redis.incr(workCounter);
  }

  private long runs() {
    String runs = redis.get(workCounter);
    return runs == null ? 0 : Long.parseLong(runs);
  }

  @Test
  void sixteenConcurrentIdenticalCallsRunTheWorkOnceAndAllGetItsResult() throws Exception {
    CountDownLatch never = new CountDownLatch(1);
    List<String> results = Concurrently.run(16, i -> () -> calls.get(i % 2).run(key, PAYLOAD, TEXT, token -> {
      long run = countRun();
      never.await(1, TimeUnit.SECONDS); // holds the work, so that duplicates arrive while it runs
      return "receipt-" + run;
    }));

    assertThat(runs()).isEqualTo(1);
    assertThat(results).hasSize(16).containsOnly("receipt-1");
  }

  @Test
  void aDifferentPayloadUnderTheSameKeyIsRefusedAndRunsNothing() throws Exception {
    assertThat(calls.get(0).run(key, PAYLOAD, TEXT, token -> "receipt-" + countRun())).isEqualTo("receipt-1");

    assertThatThrownBy(() -> calls.get(1).run(key, OTHER_PAYLOAD, TEXT, token -> "receipt-" + countRun()))
        .isInstanceOf(IdempotencyConflictException.class)
        .hasMessageContaining(KEYSPACE.fullKey(RedisIdempotentCalls.PURPOSE, key))
        .hasMessageNotContaining(PAYLOAD)
        .hasMessageNotContaining(OTHER_PAYLOAD);
    assertThat(runs()).isEqualTo(1);
    assertThat(calls.get(1).run(key, PAYLOAD, TEXT, token -> "receipt-" + countRun())).isEqualTo("receipt-1");
  }

  @Test
  void aDifferentPayloadIsRefusedWhileTheFirstCallRuns() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch started = new CountDownLatch(1);
    Future<String> first = background.submit(() -> calls.get(0).run(key, PAYLOAD, TEXT, token -> {
      started.countDown();
      release.await(10, TimeUnit.SECONDS);
      return "receipt-" + countRun();
    }));
    assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();

    assertThatThrownBy(() -> calls.get(1).run(key, OTHER_PAYLOAD, TEXT, token -> "other-" + countRun()))
        .isInstanceOf(IdempotencyConflictException.class);
    IdempotencyOptions<String> failFast = TEXT.toBuilder().inProgress(IdempotencyOptions.InProgress.FAIL).build();
    assertThatThrownBy(() -> calls.get(1).run(key, PAYLOAD, failFast, token -> "again-" + countRun()))
        .isInstanceOf(IdempotencyInProgressException.class);
    release.countDown();
    assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("receipt-1");
    assertThat(runs()).isEqualTo(1);
  }

  @Test
  void aFailingFirstCallLetsARetryRun() throws Exception {
    assertThatThrownBy(() -> calls.get(0).run(key, PAYLOAD, TEXT, token -> {
      countRun();
      throw new IllegalStateException("payment provider timed out");
    })).isInstanceOf(IllegalStateException.class).hasMessage("payment provider timed out");

    assertThat(calls.get(1).run(key, PAYLOAD, TEXT, token -> "receipt-" + countRun())).isEqualTo("receipt-2");
    assertThat(runs()).isEqualTo(2);
  }

  /** A failure the caller classifies as final. */
  static final class CardDeclinedException extends Exception {
    private static final long serialVersionUID = 1L;

    CardDeclinedException(String message) {
      super(message);
    }
  }

  @Test
  void aFinalFailureIsStoredAndReplayed() throws Exception {
    IdempotencyOptions<String> options = TEXT.toBuilder()
        .finalFailure(e -> e instanceof CardDeclinedException)
        .build();
    assertThatThrownBy(() -> calls.get(0).run(key, PAYLOAD, options, token -> {
      countRun();
      throw new CardDeclinedException("insufficient funds");
    })).isInstanceOf(CardDeclinedException.class);

    assertThatThrownBy(() -> calls.get(1).run(key, PAYLOAD, options, token -> "receipt-" + countRun()))
        .isInstanceOfSatisfying(IdempotencyFailedException.class, replayed -> {
          assertThat(replayed.failureType()).isEqualTo(CardDeclinedException.class.getName());
          assertThat(replayed.failureMessage()).isEqualTo("insufficient funds");
        });
    assertThat(runs()).isEqualTo(1);
  }

  @Test
  void aStoredResultTheCodecCannotDecodeIsReportedWithItsKeyAndNotRunAgain() throws Exception {
    assertThat(calls.get(0).run(key, PAYLOAD, TEXT, token -> "receipt-" + countRun())).isEqualTo("receipt-1");
    IllegalArgumentException unreadable = new IllegalArgumentException("not a receipt");
    IdempotencyOptions<String> otherFormat = IdempotencyOptions.builder(new ResultCodec<String>() {
      @Override
      public byte[] encode(String value) {
        return value.getBytes(java.nio.charset.StandardCharsets.UTF_8);
      }

      @Override
      public String decode(byte[] bytes) {
        throw unreadable;
      }
    }).build();

    assertThatThrownBy(() -> calls.get(1).run(key, PAYLOAD, otherFormat, token -> "again-" + countRun()))
        .isInstanceOfSatisfying(IdempotencyDecodeException.class, e ->
            assertThat(e.fullKey()).isEqualTo(KEYSPACE.fullKey(RedisIdempotentCalls.PURPOSE, key)))
        .hasMessageContaining(KEYSPACE.fullKey(RedisIdempotentCalls.PURPOSE, key))
        .hasMessageNotContaining("receipt-1")
        .hasCause(unreadable);
    assertThat(runs()).as("not run again").isEqualTo(1);
    assertThat(calls.get(1).run(key, PAYLOAD, TEXT, token -> "again-" + countRun())).as("the record stays")
        .isEqualTo("receipt-1");
  }

  @Test
  void aRecordExpiresAndTheCallRunsAgain() throws Exception {
    IdempotencyOptions<String> shortLived = TEXT.withExpiry(Duration.ofMillis(200));
    assertThat(calls.get(0).run(key, PAYLOAD, shortLived, token -> "receipt-" + countRun())).isEqualTo("receipt-1");
    String record = KEYSPACE.fullKey(RedisIdempotentCalls.PURPOSE, key);
    // the expiry applies (-2: gone already, as it may be on a loaded machine), not the lease's
    assertThat(redis.pttl(record)).isLessThanOrEqualTo(200L).isNotEqualTo(-1L);
    awaitGone(record);

    assertThat(calls.get(1).run(key, PAYLOAD, TEXT, token -> "receipt-" + countRun())).isEqualTo("receipt-2");
    assertThat(redis.pttl(record)).isGreaterThan(Duration.ofHours(23).toMillis());
  }

  @Test
  void aCallTakesOverFromALeaderThatDiedWithAHigherFencingToken() throws Exception {
    IdempotencyOptions<String> shortLease = TEXT.toBuilder().lease(Duration.ofMillis(300)).renewal(false).build();
    AtomicLong leaderToken = new AtomicLong();
    CountDownLatch leaderStarted = new CountDownLatch(1);
    CountDownLatch leaderResumes = new CountDownLatch(1);
    // the leader "dies" mid-work: it stops renewing (no renewal) and stalls past its lease
    Future<String> leader = background.submit(() -> calls.get(0).run(key, PAYLOAD, shortLease,
        token -> {
          leaderToken.set(token);
          leaderStarted.countDown();
          leaderResumes.await(30, TimeUnit.SECONDS);
          return "stale-" + countRun();
        }));
    assertThat(leaderStarted.await(10, TimeUnit.SECONDS)).isTrue();

    AtomicLong successorToken = new AtomicLong();
    String successor = calls.get(1).run(key, PAYLOAD, shortLease, token -> {
      successorToken.set(token);
      return "receipt-" + countRun();
    });
    leaderResumes.countDown();

    assertThat(successor).isEqualTo("receipt-1");
    assertThat(successorToken.get()).isGreaterThan(leaderToken.get());
    assertThat(leader.get(10, TimeUnit.SECONDS)).isEqualTo("stale-2"); // its caller learns what its work did
    assertThat(events.get(0).leasesLost.get()).isEqualTo(1);
    assertThat(calls.get(0).run(key, PAYLOAD, TEXT, token -> "again-" + countRun())).isEqualTo("receipt-1");
  }

  @Test
  void aRenewedLeaseOutlivesItsLength() throws Exception {
    // renewed every third of the lease: a renewal may come up to two thirds late on a loaded machine
    IdempotencyOptions<String> shortLease = TEXT.toBuilder().lease(Duration.ofSeconds(1)).build();
    String record = KEYSPACE.fullKey(RedisIdempotentCalls.PURPOSE, key);
    String result = calls.get(0).run(key, PAYLOAD, shortLease, token -> {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      long renewedPast = 0;
      // wait for several lease lengths of real time while the renewal keeps the record alive
      while (renewedPast < 4 && System.nanoTime() < deadline) {
        Thread.sleep(1000);
        assertThat(redis.exists(record)).isTrue();
        renewedPast++;
      }
      return "receipt-" + countRun();
    });
    assertThat(result).isEqualTo("receipt-1");
    assertThat(events.get(0).leasesLost.get()).isZero();
  }

  @Test
  void aRetriedScriptRecognisesItsOwnerAndNeverStartsTheWorkTwice() {
    RecordStore store = new RecordStore(JedisConnection.of(redis));
    String record = KEYSPACE.fullKey(RedisIdempotentCalls.PURPOSE, key);
    String fence = KEYSPACE.fullKey(RedisIdempotentCalls.FENCE_PURPOSE, key);
    String channel = KEYSPACE.fullKey(RedisIdempotentCalls.OUTCOME_PURPOSE, key);

    Begun first = store.begin(record, fence, PAYLOAD, "owner-a", 10_000, 60_000, false);
    Begun resent = store.begin(record, fence, PAYLOAD, "owner-a", 10_000, 60_000, false);
    Begun other = store.begin(record, fence, PAYLOAD, "owner-b", 10_000, 60_000, true); // notes a waiter

    assertThat(first.state()).isEqualTo(Begun.State.STARTED);
    assertThat(resent.state()).isEqualTo(Begun.State.STARTED); // the same start, not a second one
    assertThat(resent.number()).isEqualTo(first.number());
    assertThat(other.state()).isEqualTo(Begun.State.RUNNING);

    byte[] result = "receipt-1".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    assertThat(store.storeResult(record, channel, "owner-a", result, 60_000)).isTrue();
    assertThat(store.storeResult(record, channel, "owner-a", result, 60_000)).isTrue(); // a re-sent store
    assertThat(store.storeResult(record, channel, "owner-b", result, 60_000)).isFalse();
    Begun done = store.begin(record, fence, PAYLOAD, "owner-c", 10_000, 60_000, false);
    assertThat(done.state()).isEqualTo(Begun.State.DONE);
    assertThat(new String(done.result(), java.nio.charset.StandardCharsets.UTF_8)).isEqualTo("receipt-1");
    Map<String, String> fields = redis.hgetAll(record);
    // the waiter's note went with the outcome's message
    assertThat(fields.keySet()).containsExactlyInAnyOrder("state", "fingerprint", "owner", "fence", "result", "message");
    assertThat(fields.get("fingerprint")).isEqualTo(PAYLOAD);
  }

  @Test
  void aRetriedAbandonRemovesOnlyItsOwnRecord() {
    RecordStore store = new RecordStore(JedisConnection.of(redis));
    String record = KEYSPACE.fullKey(RedisIdempotentCalls.PURPOSE, key);
    String fence = KEYSPACE.fullKey(RedisIdempotentCalls.FENCE_PURPOSE, key);
    String channel = KEYSPACE.fullKey(RedisIdempotentCalls.OUTCOME_PURPOSE, key);
    store.begin(record, fence, PAYLOAD, "owner-a", 10_000, 60_000, false);

    assertThat(store.abandon(record, channel, "owner-b")).isFalse();
    assertThat(redis.exists(record)).isTrue();
    assertThat(store.abandon(record, channel, "owner-a")).isTrue();
    assertThat(store.abandon(record, channel, "owner-a")).isTrue(); // a re-sent abandon
    assertThat(redis.exists(record)).isFalse();
    Begun again = store.begin(record, fence, PAYLOAD, "owner-b", 10_000, 60_000, false);
    assertThat(again.state()).isEqualTo(Begun.State.STARTED);
  }

  @Test
  void fencingTokensRiseWithEveryStart() throws Exception {
    List<Long> tokens = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      try {
        calls.get(i % 2).run(key, PAYLOAD, TEXT, token -> {
          tokens.add(token);
          throw new IllegalStateException("retry me");
        });
      } catch (IllegalStateException expected) {
        // every failure removes the record, so the next call starts again
      }
    }
    assertThat(tokens).hasSize(5).isSorted().doesNotHaveDuplicates();
    assertThat(new HashSet<>(tokens)).hasSize(5);
  }

  @Test
  void aFingerprintIsADigestNeverAPayload() {
    assertThatThrownBy(() -> calls.get(0).run(key, "{\"card\":\"4111111111111111\"}", TEXT, token -> "x"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageNotContaining("4111");
  }

  @Test
  void aWaitingDuplicateWakesOnTheStoredOutcomesMessage() throws Exception {
    assertThat(waitForALeader(token -> "receipt-" + countRun())).isEqualTo("receipt-1");
    assertThat(runs()).isEqualTo(1);
  }

  @Test
  void aWaitingDuplicateWakesWhenTheFailedLeadersRecordIsRemovedAndRunsTheWorkItself() throws Exception {
    assertThat(waitForALeader(token -> {
      countRun();
      throw new IllegalStateException("payment provider timed out");
    })).isEqualTo("duplicate-2");
    assertThat(runs()).isEqualTo(2);
  }

  /**
   * A duplicate waits while a leader runs {@code leaderWork}; both have a fallback poll and a lease
   * of an hour, so the duplicate's bounded wait for its result ends in time only if the outcome's
   * message wakes it.
   *
   * @return what the duplicate's call returned
   */
  private String waitForALeader(IdempotentWork<String, Exception> leaderWork) throws Exception {
    Duration hour = Duration.ofHours(1);
    IdempotencyOptions<String> options = TEXT.toBuilder().lease(hour).waitTime(Duration.ofMinutes(5)).build();
    ExecutorService duplicateThread = Executors.newSingleThreadExecutor();
    try (IdempotentCalls leader = new RedisIdempotentCalls(JedisConnection.of(servers.client(0)), KEYSPACE, LockListener.NONE, hour);
        IdempotentCalls duplicate = new RedisIdempotentCalls(JedisConnection.of(servers.client(1)), KEYSPACE, LockListener.NONE, hour)) {
      CountDownLatch started = new CountDownLatch(1);
      CountDownLatch finish = new CountDownLatch(1);
      Future<String> first = background.submit(() -> leader.run(key, PAYLOAD, options, token -> {
        started.countDown();
        assertThat(finish.await(60, TimeUnit.SECONDS)).isTrue();
        return leaderWork.run(token);
      }));
      assertThat(started.await(60, TimeUnit.SECONDS)).isTrue();
      Future<String> second = duplicateThread.submit(
          () -> duplicate.run(key, PAYLOAD, options, token -> "duplicate-" + countRun()));
      String record = KEYSPACE.fullKey(RedisIdempotentCalls.PURPOSE, key);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!redis.hexists(record, "waited")) { // the duplicate read the record and waits
        assertThat(System.nanoTime()).as("no waiter noted after 60 s").isLessThan(deadline);
        Thread.sleep(10);
      }

      finish.countDown();
      try {
        first.get(60, TimeUnit.SECONDS);
      } catch (java.util.concurrent.ExecutionException failed) {
        assertThat(failed).hasCauseInstanceOf(IllegalStateException.class);
      }
      return second.get(60, TimeUnit.SECONDS);
    } finally {
      duplicateThread.shutdownNow();
      assertThat(duplicateThread.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }
  }

  private void awaitGone(String record) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (redis.exists(record)) {
      assertThat(System.nanoTime()).as("record still there after 10 s").isLessThan(deadline);
      Thread.sleep(10);
    }
  }

  /** Counts what the listener hears. */
  static final class LeaseEvents implements LockListener {
    final AtomicInteger leasesLost = new AtomicInteger();
    final AtomicInteger errors = new AtomicInteger();

    @Override
    public void onLeaseLost(LockKey key) {
      leasesLost.incrementAndGet();
    }

    @Override
    public void onError(LockKey key, dev.lockkey.lock.LockException error) {
      errors.incrementAndGet();
    }
  }
}
