package dev.lockkey.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.LockKey;
import dev.lockkey.testing.RedisFixture;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs every section of the demo once, in order, on the test Redis, and checks what each claims:
 * so the demo cannot rot into printing things that are no longer true.
 */
@Timeout(30)
class DemoSectionsTest {
  private static List<SectionResult> results;
  private static String output;

  @BeforeAll
  static void runTheDemoSections() {
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8)) {
      results = Demo.sections(DemoRedis.on(RedisFixture.shared()), new Narration(out));
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
    assertThat(output).doesNotContain(KeyShapes.PHONE).doesNotContain("0013").doesNotContain("Revenue");
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
        "lock:demo:{account:balance:v1:acme:1001}", "lock:demo:{account:balance:v1:acme:9008}");
    assertThat(transfer.holds()).isTrue();
  }

  @Test
  void sectionsRunInOrderAndEachNamesItsRowOfTheSummary() {
    assertThat(results).map(SectionResult::section).containsExactly("keys", "race", "stale holder", "transfer");
    assertThat(results).allSatisfy(result -> assertThat(result.claim()).isNotBlank());
  }

  private static <T extends SectionResult> T result(Class<T> type) {
    return results.stream().filter(type::isInstance).map(type::cast).findFirst().orElseThrow();
  }
}
