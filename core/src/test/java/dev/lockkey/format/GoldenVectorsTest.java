package dev.lockkey.format;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.SpecDescriptor;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every golden vector of {@code docs/KEY-FORMAT.md}, byte for byte. */
class GoldenVectorsTest {

  @Test
  void plainTenantAndOrderId() {
    assertSameBytes(Specs.paymentCapture("t42", 98765), "payment:capture:v1:t42:98765");
  }

  @Test
  void tenantIsStrippedAndItsColonEscaped() {
    assertSameBytes(Specs.paymentCapture("  acme:eu  ", 1), "payment:capture:v1:acme%3Aeu:1");
  }

  @Test
  void everyReservedPunctuationAndTheSpaceAreEscaped() {
    assertSameBytes(Specs.paymentCapture("a{b}c%d,e*f?g[h]i\\j k", -7),
        "payment:capture:v1:a%7Bb%7Dc%25d%2Ce%2Af%3Fg%5Bh%5Di%5Cj%20k:-7");
  }

  @Test
  void stringsAreNfcAndCaseInsensitiveOnesFolded() {
    KeyFormat format = KeyFormat.of(new SpecDescriptor("com.acme.OrderState", "order", "state", 2,
        "order:state:v2:{name}:{code}",
        List.of(FieldDescriptor.of("name", "java.lang.String"),
            FieldDescriptor.of("code", "java.lang.String").withCaseInsensitive())));
    FieldFormat name = format.field("name");
    FieldFormat code = format.field("code");

    String body = format.render(name.segment(name.text("Cafe\u0301")), code.segment(code.text("\u00C4BC")));

    assertSameBytes(body, "order:state:v2:Caf\u00E9:\u00E4bc");
  }

  @Test
  void whiteSpaceZeroWidthAndControlsInsideAreEscaped() {
    assertSameBytes(Specs.stringSegment("tab\there\u200Bzw\u00A0nb\u2028ls\u0085nel"),
        "tab%09here%E2%80%8Bzw%C2%A0nb%E2%80%A8ls%C2%85nel");
  }

  @Test
  void hashedStringIsTheFirst128BitsOfSha256() {
    FieldFormat hashed = Specs.field(FieldDescriptor.of("document", "java.lang.String").withHashed());

    assertSameBytes(hashed.segment(hashed.text("hello")), "2cf24dba5fb0a30e26e83b2ac5b9e29e");
  }

  @Test
  void secretStringIsTheFirst128BitsOfHmacSha256() {
    FieldFormat phone = Specs.field(FieldDescriptor.of("phone", "java.lang.String").withSecret());

    byte[] text = phone.text("13800138000").getBytes(StandardCharsets.UTF_8);

    // the contract's secret is 6 bytes, below KeySecret's minimum: the vector holds for the function
    assertSameBytes(Digests.hmacSha256Hex(Specs.CONTRACT_SECRET_BYTES, text), "4aceeec2f7abf01475a1207fc3cfd8dc");
    // and the segment is that function, keyed by the KeySecret's bytes
    assertSameBytes(phone.segment(Specs.SECRET, phone.text("13800138000")),
        Digests.hmacSha256Hex(Specs.SECRET_BYTES, text));
  }

  @Test
  void cjkAndEmojiStayAsTheyAre() {
    assertSameBytes(Specs.stringSegment("\u79DF\u6237-1"), "\u79DF\u6237-1");
    assertSameBytes(Specs.stringSegment("emoji\uD83D\uDE00"), "emoji\uD83D\uDE00");
  }

  @Test
  void unorderedSetIsSortedSoBothDirectionsGiveOneKey() {
    KeyFormat format = KeyFormat.of(new SpecDescriptor("com.acme.TransferAccountPair", "transfer", "account-pair", 1,
        "transfer:account-pair:v1:{accounts}",
        List.of(FieldDescriptor.of("accounts", "java.util.Set<java.lang.String>").withUnordered())));
    FieldFormat accounts = format.field("accounts");
    Set<String> accountSet = new LinkedHashSet<>(List.of("9008", "1001"));

    String body = format.render(accounts.setSegment(accountSet, accounts::text));

    assertSameBytes(body, "transfer:account-pair:v1:1001,9008");
  }

  @ParameterizedTest
  @CsvSource({
      "ſ, s",
      "µ, μ",
      "ΟΔΟΣ, οδοσ",
      "οδος, οδοσ",
      "ϐ, β",
      "STRASSE, strasse",
      "STRAẞE, strasse",
      "Straße, strasse"})
  void caseInsensitiveStringsAreFullyCaseFolded(String value, String segment) {
    FieldFormat code = Specs.field(FieldDescriptor.of("code", "java.lang.String").withCaseInsensitive());

    assertSameBytes(code.segment(code.text(value)), segment);
  }

  @Test
  void noBreakSpacesAreStrippedAtBothEnds() {
    assertSameBytes(Specs.paymentCapture("\u00A0acme\u00A0", 1), "payment:capture:v1:acme:1");
    assertSameBytes(Specs.paymentCapture("\u202Facme\u202F", 1), "payment:capture:v1:acme:1");
    assertSameBytes(Specs.paymentCapture("\u200B\uFEFFacme\u2007", 1), "payment:capture:v1:acme:1");
  }

  @Test
  void aCaseInsensitiveSetDropsDuplicatesAndAnUnorderedListKeepsThem() {
    FieldFormat set = Specs.field(
        FieldDescriptor.of("accounts", "java.util.Set<java.lang.String>").withUnordered().withCaseInsensitive());
    FieldFormat list = Specs.field(
        FieldDescriptor.of("accounts", "java.util.List<java.lang.String>").withUnordered().withCaseInsensitive());

    assertSameBytes(set.setSegment(new LinkedHashSet<>(List.of("ACC-1", "acc-1", "acc-2")), set::text), "acc-1,acc-2");
    assertSameBytes(list.collectionSegment(List.of("ACC-1", "acc-1", "acc-2"), list::text), "acc-1,acc-1,acc-2");
  }

  @Test
  void bigDecimalsLoseTrailingZerosAndExponents() {
    FieldFormat amount = Specs.field(FieldDescriptor.of("amount", "java.math.BigDecimal"));

    assertSameBytes(amount.segment(amount.text(new BigDecimal("100.00"))), "100");
    assertSameBytes(amount.segment(amount.text(new BigDecimal("1E+3"))), "1000");
    assertSameBytes(amount.segment(amount.text(new BigDecimal("0.00"))), "0");
  }

  private static void assertSameBytes(String actual, String expected) {
    assertThat(actual.getBytes(StandardCharsets.UTF_8)).containsExactly(expected.getBytes(StandardCharsets.UTF_8));
  }
}
