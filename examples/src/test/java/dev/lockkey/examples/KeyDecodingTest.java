package dev.lockkey.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.KeySecret;
import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.SpecDescriptor;
import dev.lockkey.examples.specs.AccountBalanceKey;
import dev.lockkey.examples.specs.AccountTransferKey;
import dev.lockkey.examples.specs.Channel;
import dev.lockkey.examples.specs.CustomerProfileKey;
import dev.lockkey.examples.specs.DailySettlementKey;
import dev.lockkey.examples.specs.DocumentSummaryKey;
import dev.lockkey.examples.specs.LoginAttemptsKey;
import dev.lockkey.examples.specs.NotificationDeliveryKey;
import dev.lockkey.examples.specs.OrderSubmissionKey;
import dev.lockkey.examples.specs.PaymentCaptureKey;
import dev.lockkey.examples.specs.PaymentCaptureV2Key;
import dev.lockkey.observe.DecodedField;
import dev.lockkey.observe.DecodedKey;
import dev.lockkey.observe.KeyDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every spec of this module, built by the real processor, decodes back from a full key through
 * the manifests the processor wrote into the class output, as an operator's decoder would read
 * them from the jar: the spec found is the one the generated {@code SPEC} constant describes, and
 * each field comes back as canonical text, or as a digest for {@code @Hashed} and {@code @Secret}.
 */
class KeyDecodingTest {
  private static final KeyDecoder DECODER = KeyDecoder.fromClasspath();
  private static final Keyspace PROD = Keyspace.of("prod");
  /** A test secret of 32 bytes; the contract's vector with the 6-byte secret "secret" is checked at digest level. */
  private static final KeySecret SECRET =
      KeySecret.of("0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.UTF_8));

  /** A key of one spec and what each of its fields must decode to, as {@link DecodedField#display()} shows it. */
  record Sample(LockKey key, Map<String, String> fields) {
    @Override
    public String toString() {
      return key.spec().simpleName();
    }
  }

  static List<Sample> samples() {
    return List.of(
        new Sample(PaymentCaptureKey.of("  acme:eu  ", 98765), Map.of("tenant", "acme:eu", "orderId", "98765")),
        new Sample(AccountTransferKey.of("t42", Set.of(9008L, 1001L)),
            Map.of("tenant", "t42", "accounts", "[1001, 9008]")),
        new Sample(CustomerProfileKey.of(SECRET, "t42", "13800138000"),
            Map.of("tenant", "t42", "phone", "hmac:2aff2a1ede191cf2fd4af900d10f48d1")),
        new Sample(DailySettlementKey.of("m-7", LocalDate.of(2026, 4, 13)),
            Map.of("merchant", "m-7", "businessDate", "2026-04-13")),
        new Sample(DocumentSummaryKey.of("t42", "doc{1}", 3, "hello"), Map.of("tenant", "t42",
            "documentId", "doc{1}", "promptVersion", "3", "content", "sha256:2cf24dba5fb0a30e26e83b2ac5b9e29e")),
        new Sample(LoginAttemptsKey.of("Alice", Instant.parse("2026-04-21T10:35:42.123Z")),
            Map.of("username", "alice", "minute", "20260421T103500Z")),
        new Sample(NotificationDeliveryKey.of("evt 1", "租户-1", Channel.SMS),
            Map.of("eventId", "evt 1", "receiver", "租户-1", "channel", "SMS")),
        new Sample(AccountBalanceKey.of("t42", 1001), Map.of("tenant", "t42", "accountId", "1001")),
        new Sample(PaymentCaptureV2Key.of("t42", "eu", 98765),
            Map.of("tenant", "t42", "ledger", "eu", "orderId", "98765")),
        new Sample(OrderSubmissionKey.of("acme", "ord-1001"), Map.of("tenant", "acme", "orderId", "ord-1001")));
  }

  @Test
  void theManifestsInTheClassOutputDescribeEverySpecOfThisModule() {
    assertThat(DECODER.specs()).containsExactlyInAnyOrderElementsOf(
        samples().stream().map(sample -> sample.key().spec()).toList());
  }

  @ParameterizedTest
  @MethodSource("samples")
  void decodesAFullKeyOfEverySpec(Sample sample) {
    String fullKey = PROD.fullKey("lock", sample.key());

    DecodedKey decoded = DECODER.decode(fullKey);

    SpecDescriptor spec = sample.key().spec();
    assertThat(decoded.outcome()).as(decoded.toString()).isEqualTo(DecodedKey.Outcome.DECODED);
    assertThat(decoded.spec()).contains(spec);
    assertThat(decoded.purpose()).contains("lock");
    assertThat(decoded.env()).contains("prod");
    assertThat(decoded.body()).contains(sample.key().canonical());
    assertThat(decoded.fields()).extracting(DecodedField::name).containsExactlyElementsOf(spec.fieldNames());
    for (DecodedField field : decoded.fields()) {
      assertThat(field.display()).as(field.name()).isEqualTo(sample.fields().get(field.name()));
    }
  }

  @Test
  void reportsAKeyOfAVersionThisBuildDoesNotKnow() {
    DecodedKey decoded = DECODER.decode("lock:prod:{payment:capture:v3:t42:98765}");

    assertThat(decoded.outcome()).isEqualTo(DecodedKey.Outcome.UNKNOWN_LAYOUT);
    assertThat(decoded.reason()).contains(
        "dev.lockkey.examples.specs.PaymentCapture v1 (payment:capture:v1:{tenant}:{orderId})");
  }
}
