package dev.lockkey.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.ratelimit.RateDecision;
import dev.lockkey.testing.LockKeyTest;
import dev.lockkey.testing.TestRedis;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs every section of the demo once, in order, on the test Redis, and checks what each claims:
 * so the demo cannot rot into printing things that are no longer true. The sections run in the
 * class's own key space, and the test kit fails the class if they leave a lock of any purpose.
 */
@Timeout(30)
@LockKeyTest(leftoverLocks = {"lock", "flight"})
class DemoSectionsTest {
  private static DemoRedis redis;
  private static List<SectionResult> results;
  private static String output;

  @BeforeAll
  static void runTheDemoSections(TestRedis testRedis) {
    redis = DemoRedis.on(testRedis.fixture(), Keyspace.of(testRedis.env()));
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8)) {
      results = Demo.sections(redis, new Narration(out));
    }
    output = printed.toString(StandardCharsets.UTF_8);
  }

  @Test
  void keysRenderTheBodiesOfTheKeyFormat() {
    KeyShapes.Result keys = result(KeyShapes.Result.class);

    assertThat(keys.keys()).map(LockKey::canonical).containsExactly(
        "payment:capture:v1:acme:98765",
        "transfer:account-pair:v1:acme:1001,9008",
        "auth:login:v1:alice:20260421T103500Z",
        keys.keys().get(3).canonical(),
        keys.keys().get(4).canonical(),
        "settlement:daily:v1:m-2041:2026-04-20",
        "notification:deliver:v1:evt-981:u-7:EMAIL");
    assertThat(keys.keys().get(3).canonical()).matches("document:summary:v1:acme:doc-7:3:[0-9a-f]{32}");
    assertThat(keys.keys().get(4).canonical()).matches("customer:profile-update:v1:acme:[0-9a-f]{32}");
    assertThat(keys.unorderedAlike()).isTrue();
    assertThat(keys.caseAndWindowAlike()).isTrue();
    assertThat(keys.digestsOnly()).isTrue();
    assertThat(keys.rejected()).contains("PaymentCapture.tenant").contains("blank");
    assertThat(keys.holds()).isTrue();
  }

  @Test
  void noPersonalDataOrWholeOwnerTokenIsPrinted() {
    assertThat(output).doesNotContain(KeyShapes.PHONE).doesNotContain("138 0013").doesNotContain("Quarterly report");
    OrderRace.Result race = result(OrderRace.Result.class);
    assertThat(race.attempts()).filteredOn(OrderRace.Attempt::won)
        .allSatisfy(winner -> assertThat(winner.ownerToken()).matches("[A-Za-z0-9_-]{6}\\.\\.\\."));
  }

  @Test
  void exactlyOneWorkerWinsTheRaceAndEveryLaterHolderHasAHigherFencingToken() {
    OrderRace.Result race = result(OrderRace.Result.class);

    assertThat(race.attempts()).hasSize(OrderRace.WORKERS);
    assertThat(race.winners()).isEqualTo(1);
    long winnerToken = race.attempts().stream().filter(OrderRace.Attempt::won).findFirst().orElseThrow().fencingToken();
    assertThat(race.tokensInTurn()).hasSize(OrderRace.WORKERS).first().isEqualTo(winnerToken);
    assertThat(race.tokensInTurn()).isSorted().doesNotHaveDuplicates();
    assertThat(race.holds()).isTrue();
  }

  @Test
  void aStaleHoldersReleaseChangesNothingAndItsLowerTokenIsRefused() {
    StaleHolder.Result stale = result(StaleHolder.Result.class);

    assertThat(stale.staleReleaseChangedSomething()).isFalse();
    assertThat(stale.staleLost()).isTrue();
    assertThat(stale.newHolderKept()).isTrue();
    assertThat(stale.staleToken()).isLessThan(stale.newToken());
    assertThat(stale.staleWriteAccepted()).isFalse();
    assertThat(stale.holds()).isTrue();
  }

  @Test
  void transfersInBothDirectionsNeverOverlapAndAllComplete() {
    TransferBothWays.Result transfer = result(TransferBothWays.Result.class);
    TransferBothWays.Outcome expected = new TransferBothWays.Outcome(
        2 * TransferBothWays.ROUNDS, 1, 2 * TransferBothWays.OPENING_BALANCE);

    assertThat(transfer.pairKey()).isEqualTo(expected);
    assertThat(transfer.balanceKeys()).isEqualTo(expected);
    assertThat(transfer.lockOrder()).containsExactly(
        redis.keyspace().fullKey("lock", "account:balance:v1:acme:1001"),
        redis.keyspace().fullKey("lock", "account:balance:v1:acme:9008"));
    assertThat(transfer.holds()).isTrue();
  }

  @Test
  void twelveIdenticalRequestsOnThreeServersRunTheModelOnceAndAllGetItsText() {
    SummaryOnce.Result flight = result(SummaryOnce.Result.class);

    assertThat(flight.requests()).isEqualTo(SummaryOnce.REQUESTS);
    assertThat(flight.executions()).isEqualTo(1);
    assertThat(flight.distinctAnswers()).singleElement().asString().contains("doc-7");
    assertThat(flight.leader()).matches("server-\\d");
    assertThat(flight.resultKey()).matches(
        "result:" + redis.keyspace().env() + ":\\{document:summary:v1:acme:doc-7:3:[0-9a-f]{32}}");
    assertThat(flight.holds()).isTrue();
  }

  @Test
  void aRedeliveredEventSendsOneEmailAndAForgottenMarkLetsTheRedeliverySend() {
    RedeliveredNotification.Result dedupe = result(RedeliveredNotification.Result.class);

    assertThat(dedupe.deliveries()).isEqualTo(RedeliveredNotification.DELIVERIES);
    assertThat(dedupe.emailsSent()).isEqualTo(1);
    assertThat(dedupe.smsSent()).isTrue();
    assertThat(dedupe.pushRetried()).isTrue();
    assertThat(dedupe.holds()).isTrue();
  }

  @Test
  void fourSubmissionsOfOneOrderPlaceItOnceAndTheDatabaseKeepsOneAfterRedisLosesTheRecord() {
    IdempotentOrder.Result order = result(IdempotentOrder.Result.class);

    assertThat(order.submissions()).isEqualTo(IdempotentOrder.SUBMISSIONS);
    assertThat(order.inserts()).isEqualTo(1);
    assertThat(order.confirmations()).singleElement().asString().startsWith("confirmation ord-1001/fence-");
    assertThat(order.otherTotalRefused()).isTrue();
    assertThat(order.afterRedisLoss()).isEqualTo(order.confirmations().iterator().next());
    assertThat(order.rows()).isEqualTo(1);
    assertThat(order.holds()).isTrue();
  }

  @Test
  void loginsBeyondTheLimitWithinOneMinuteAreDeniedWithARetryTimeAndTheNextMinuteIsFree() {
    LoginLimit.Result limit = result(LoginLimit.Result.class);

    assertThat(limit.decisions()).hasSize(LoginLimit.ATTEMPTS);
    assertThat(limit.decisions().subList(0, LoginLimit.LIMIT)).allMatch(RateDecision::allowed);
    assertThat(limit.decisions().subList(LoginLimit.LIMIT, LoginLimit.ATTEMPTS)).allSatisfy(denied -> {
      assertThat(denied.allowed()).isFalse();
      assertThat(denied.retryAfter()).isPositive();
    });
    assertThat(limit.nextMinuteAllowed()).isTrue();
    assertThat(limit.holds()).isTrue();
  }

  @Test
  void duringTheRolloutAV2ServerLockingBothKeysIsKeptOutByAV1HolderAndContinuesItsTokens() {
    PaymentRollout.Result rollout = result(PaymentRollout.Result.class);

    assertThat(rollout.currentOnlyGotIn()).as("the hazard the rollout prevents").isTrue();
    assertThat(rollout.bothGotIn()).isFalse();
    assertThat(rollout.bothLocked()).containsExactly(
        redis.keyspace().fullKey("lock", "payment:capture:v1:acme:98765"),
        redis.keyspace().fullKey("lock", "payment:capture:v2:acme:eu-main:98765"));
    assertThat(rollout.v1Token()).isLessThan(rollout.v2Token());
    assertThat(rollout.rounds()).isEqualTo(2 * PaymentRollout.ROUNDS);
    assertThat(rollout.mostAtOnce()).isEqualTo(1);
    assertThat(rollout.holds()).isTrue();
  }

  @Test
  void sectionsRunInOrderAndEachNamesItsRowOfTheSummary() {
    assertThat(results).map(SectionResult::section).containsExactly("keys", "race", "stale holder", "transfer",
        "single flight", "dedupe", "rate limit", "rollout", "idempotent");
    assertThat(results).allSatisfy(result -> assertThat(result.claim()).isNotBlank());
  }

  private static <T extends SectionResult> T result(Class<T> type) {
    return results.stream().filter(type::isInstance).map(type::cast).findFirst().orElseThrow();
  }
}
