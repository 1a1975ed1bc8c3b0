package dev.lockkey.processor;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.InvalidKeyException;
import dev.lockkey.KeySecret;
import dev.lockkey.LockKey;
import dev.lockkey.processor.specs.AccountPairTransferKey;
import dev.lockkey.processor.specs.DocumentLockKey;
import dev.lockkey.processor.specs.InventoryReservation;
import dev.lockkey.processor.specs.InventoryReservationKey;
import dev.lockkey.processor.specs.OrderPaymentKey;
import dev.lockkey.processor.specs.OrderStateKey;
import dev.lockkey.processor.specs.PaymentCaptureKey;
import dev.lockkey.processor.specs.PhoneVerification;
import dev.lockkey.processor.specs.PhoneVerificationKey;
import dev.lockkey.processor.specs.RefundAmountKey;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Keys generated from the specs in {@code dev.lockkey.processor.specs} (processed while Maven
 * compiles the tests) render the golden vectors of KEY-FORMAT.md byte for byte and behave as the
 * architecture says.
 */
class GeneratedKeyTest {
  /** A test secret of 32 bytes; the contract's vector with the 6-byte secret "secret" is checked at digest level. */
  private static final KeySecret SECRET = KeySecret.of("0123456789abcdef0123456789abcdef".getBytes(UTF_8));

  @Nested
  class GoldenVectors {
    @Test
    void plainFields() {
      assertThat(PaymentCaptureKey.of("t42", 98765).canonical()).isEqualTo("payment:capture:v1:t42:98765");
    }

    @Test
    void stripsAndEscapesTheSeparator() {
      assertThat(PaymentCaptureKey.of("  acme:eu  ", 1).canonical()).isEqualTo("payment:capture:v1:acme%3Aeu:1");
    }

    @Test
    void escapesEveryReservedCharacter() {
      assertThat(PaymentCaptureKey.of("a{b}c%d,e*f?g[h]i\\j k", -7).canonical())
          .isEqualTo("payment:capture:v1:a%7Bb%7Dc%25d%2Ce%2Af%3Fg%5Bh%5Di%5Cj%20k:-7");
    }

    @Test
    void normalisesToNfcAndFoldsCaseInsensitiveFields() {
      assertThat(OrderStateKey.of("Cafe\u0301", "ÄBC").canonical()).isEqualTo("order:state:v2:Café:äbc");
      assertThat(OrderStateKey.of("x", "STRAẞE")).isEqualTo(OrderStateKey.of("x", "Straße"));
      assertThat(OrderStateKey.of("x", "ΟΔΟΣ").canonical()).isEqualTo("order:state:v2:x:οδοσ");
    }

    @Test
    void stripsNoBreakSpaces() {
      assertThat(PaymentCaptureKey.of("\u00A0acme\u202F", 1).canonical()).isEqualTo("payment:capture:v1:acme:1");
    }

    @Test
    void escapesWhiteSpaceAndInvisibleCharacters() {
      assertThat(PaymentCaptureKey.of("tab\there\u200Bzw\u00A0nb\u2028ls\u0085nel", 1).canonical())
          .isEqualTo("payment:capture:v1:tab%09here%E2%80%8Bzw%C2%A0nb%E2%80%A8ls%C2%85nel:1");
    }

    @Test
    void hashedFieldIsItsDigest() {
      assertThat(DocumentLockKey.of("hello").canonical()).isEqualTo("document:edit:v1:2cf24dba5fb0a30e26e83b2ac5b9e29e");
    }

    @Test
    void secretFieldIsItsKeyedDigest() {
      assertThat(PhoneVerificationKey.of(SECRET, "t1", "13800138000").canonical())
          .isEqualTo("phone:verify:v1:t1:2aff2a1ede191cf2fd4af900d10f48d1");
    }

    @Test
    void keepsOtherUnicode() {
      assertThat(PaymentCaptureKey.of("租户-1", 1).canonical()).isEqualTo("payment:capture:v1:租户-1:1");
      assertThat(PaymentCaptureKey.of("emoji😀", 1).canonical()).isEqualTo("payment:capture:v1:emoji😀:1");
    }

    @Test
    void unorderedSetIsSorted() {
      assertThat(AccountPairTransferKey.of(Set.of("9008", "1001")).canonical())
          .isEqualTo("transfer:account-pair:v1:1001,9008");
    }

    @Test
    void aSetDropsElementsThatAreEqualOnceCanonical() {
      assertThat(AccountPairTransferKey.of(Set.of("9008", " 9008", "1001")).canonical())
          .isEqualTo("transfer:account-pair:v1:1001,9008");
    }

    @Test
    void decimalsWithoutTrailingZeros() {
      assertThat(RefundAmountKey.of("t", new BigDecimal("100.00")).canonical()).isEqualTo("refund:amount:v1:t:100");
      assertThat(RefundAmountKey.of("t", new BigDecimal("1E+3")).canonical()).isEqualTo("refund:amount:v1:t:1000");
      assertThat(RefundAmountKey.of("t", new BigDecimal("0.00")).canonical()).isEqualTo("refund:amount:v1:t:0");
    }
  }

  @Test
  void templateLayoutRendersVersion() {
    assertThat(OrderPaymentKey.of(98765).canonical()).isEqualTo("order:98765:pay:v3");
    assertThat(OrderPaymentKey.SPEC.layout()).isEqualTo("order:{orderId}:pay:v3");
  }

  @Test
  void everyKindOfField() {
    InventoryReservationKey key = inventory(Optional.empty());

    assertThat(key.canonical()).isEqualTo("inventory:reserve:v1:123e4567-e89b-12d3-a456-426614174000:NORTH:7:3:true"
        + ":2026-04-13:2026-04:20260421T103500Z:3,1::2cf24dba5fb0a30e26e83b2ac5b9e29e"
        + ":2aff2a1ede191cf2fd4af900d10f48d1:%20a%20b%20");
    assertThat(key.at()).isEqualTo(Instant.parse("2026-04-21T10:35:00Z"));
    assertThat(key.skus()).containsExactly(3L, 1L);
    assertThat(key.batch()).isEmpty();
    assertThat(key.customer()).contains("2aff2a1ede191cf2fd4af900d10f48d1");
    assertThat(key.label()).isEqualTo(" a b ");
    assertThat(inventory(Optional.of("b-7")).canonical()).contains(":3,1:b-7:");
  }

  @Test
  void blankOptionalStringIsAbsent() {
    assertThat(inventory(Optional.of("  "))).isEqualTo(inventory(Optional.empty()));
  }

  private static InventoryReservationKey inventory(Optional<String> batch) {
    return InventoryReservationKey.of(SECRET, UUID.fromString("123e4567-e89b-12d3-a456-426614174000"),
        InventoryReservation.Zone.NORTH, 7, (short) 3, true, LocalDate.of(2026, 4, 13), YearMonth.of(2026, 4),
        Instant.parse("2026-04-21T10:37:12.345Z"), List.of(3L, 1L), batch, "hello".getBytes(UTF_8),
        Optional.of("13800138000"), " a b ");
  }

  @Test
  void builderGivesTheSameKeyAsTheFactory() {
    assertThat(PaymentCaptureKey.builder().tenant("t42").orderId(98765).build())
        .isEqualTo(PaymentCaptureKey.of("t42", 98765))
        .hasSameHashCodeAs(PaymentCaptureKey.of("t42", 98765));
    assertThat(PhoneVerificationKey.builder(SECRET).tenant("t1").phone("13800138000").build())
        .isEqualTo(PhoneVerificationKey.of(SECRET, "t1", "13800138000"));
  }

  @Test
  void builderSetsOptionalFieldsLast() {
    InventoryReservationKey built = InventoryReservationKey.builder(SECRET)
        .warehouse(UUID.fromString("123e4567-e89b-12d3-a456-426614174000"))
        .zone(InventoryReservation.Zone.NORTH)
        .bin(7)
        .shelf((short) 3)
        .express(true)
        .day(LocalDate.of(2026, 4, 13))
        .period(YearMonth.of(2026, 4))
        .at(Instant.parse("2026-04-21T10:37:12.345Z"))
        .skus(List.of(3L, 1L))
        .manifest("hello".getBytes(UTF_8))
        .label(" a b ")
        .customer("13800138000")
        .build();

    assertThat(built).isEqualTo(inventory(Optional.empty()));
  }

  @Test
  void equalityFollowsCanonicalValues() {
    assertThat(PaymentCaptureKey.of(" t42 ", 1)).isEqualTo(PaymentCaptureKey.of("t42", 1));
    assertThat(PaymentCaptureKey.of("t42", 1)).isNotEqualTo(PaymentCaptureKey.of("t42", 2));
    assertThat(RefundAmountKey.of("t", new BigDecimal("100.00")).amount()).isEqualTo(new BigDecimal("1E+2"));
    assertThat(AccountPairTransferKey.of(Set.of("1001", "9008")))
        .isEqualTo(AccountPairTransferKey.of(new HashSet<>(List.of("9008", "1001"))));
  }

  @Test
  void accessorsReturnCanonicalValues() {
    PaymentCaptureKey key = PaymentCaptureKey.of("  acme:eu  ", 1);

    assertThat(key.tenant()).isEqualTo("acme:eu");
    assertThat(key.orderId()).isEqualTo(1);
    assertThat(OrderStateKey.of("n", "ÄBC").code()).isEqualTo("äbc");
  }

  @Test
  void digestFieldsKeepOnlyTheDigest() {
    PhoneVerificationKey phone = PhoneVerificationKey.of(SECRET, "t1", "13800138000");
    InventoryReservationKey inventory = inventory(Optional.empty());

    assertThat(phone.phone()).isEqualTo("2aff2a1ede191cf2fd4af900d10f48d1");
    assertThat(DocumentLockKey.of("hello").content()).isEqualTo("2cf24dba5fb0a30e26e83b2ac5b9e29e");
    byte[] manifest = inventory.manifest();
    assertThat(HexFormat.of().formatHex(manifest)).isEqualTo("2cf24dba5fb0a30e26e83b2ac5b9e29e");
    Arrays.fill(manifest, (byte) 0);
    assertThat(HexFormat.of().formatHex(inventory.manifest())).isEqualTo("2cf24dba5fb0a30e26e83b2ac5b9e29e");
  }

  @Test
  void collectionsAreImmutableCopies() {
    List<Long> skus = new ArrayList<>(List.of(3L, 1L));
    InventoryReservationKey key = InventoryReservationKey.of(SECRET, UUID.randomUUID(), InventoryReservation.Zone.SOUTH,
        1, (short) 1, false, LocalDate.of(2026, 1, 1), YearMonth.of(2026, 1), Instant.EPOCH, skus, Optional.empty(),
        new byte[] {1}, Optional.empty(), "x");
    skus.add(2L);

    assertThat(key.skus()).containsExactly(3L, 1L);
    assertThatThrownBy(() -> key.skus().add(4L)).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void toStringShowsCanonicalValuesButNoSecret() {
    assertThat(PaymentCaptureKey.of(" t42 ", 98765)).hasToString("PaymentCaptureKey[tenant=t42, orderId=98765]");
    assertThat(PhoneVerificationKey.of(SECRET, "t1", "13800138000"))
        .hasToString("PhoneVerificationKey[tenant=t1, phone=<secret>]");
    assertThat(DocumentLockKey.of("hello")).hasToString("DocumentLockKey[content=2cf24dba5fb0a30e26e83b2ac5b9e29e]");
    assertThat(inventory(Optional.empty()).toString())
        .contains("customer=<secret>")
        .doesNotContain("13800138000", "2aff2a1ede191cf2fd4af900d10f48d1");
  }

  @Test
  void keyDescribesItsSpec() {
    LockKey key = PhoneVerificationKey.of(SECRET, "t1", "13800138000");

    assertThat(key.spec()).isSameAs(PhoneVerificationKey.SPEC);
    assertThat(key.spec().name()).isEqualTo(PhoneVerification.class.getName());
    assertThat(key.spec().layout()).isEqualTo("phone:verify:v1:{tenant}:{phone}");
    assertThat(key.spec().fieldNames()).containsExactly("tenant", "phone");
    assertThat(key.spec().field("phone").secret()).isTrue();
  }

  @Test
  void invalidValueNamesSpecFieldAndRule() {
    assertThatThrownBy(() -> PaymentCaptureKey.of("   ", 1))
        .isInstanceOfSatisfying(InvalidKeyException.class, e -> {
          assertThat(e.spec()).isEqualTo("PaymentCapture");
          assertThat(e.field()).isEqualTo("tenant");
          assertThat(e.rule()).isEqualTo("blank");
        });
    assertThatThrownBy(() -> PaymentCaptureKey.builder().tenant(null).orderId(1).build())
        .isInstanceOfSatisfying(InvalidKeyException.class, e -> assertThat(e.field()).isEqualTo("tenant"));
    assertThatThrownBy(() -> AccountPairTransferKey.of(Set.of()))
        .isInstanceOfSatisfying(InvalidKeyException.class, e -> assertThat(e.field()).isEqualTo("accounts"));
    assertThatThrownBy(() -> AccountPairTransferKey.of(null))
        .isInstanceOfSatisfying(InvalidKeyException.class, e -> assertThat(e.field()).isEqualTo("accounts"));
  }

  @Test
  void invalidSecretValueStaysOutOfTheMessage() {
    String unpairedSurrogate = "13800138000\uD800";

    assertThatThrownBy(() -> PhoneVerificationKey.of(SECRET, "t", unpairedSurrogate))
        .isInstanceOf(InvalidKeyException.class)
        .message().doesNotContain("13800138000");
  }

  @Test
  void nullOptionalAndNullSecretAreRejected() {
    assertThatThrownBy(() -> inventory(null))
        .isInstanceOfSatisfying(InvalidKeyException.class, e -> assertThat(e.field()).isEqualTo("batch"));
    assertThatThrownBy(() -> PhoneVerificationKey.of(null, "t1", "1"))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("secret");
  }
}
