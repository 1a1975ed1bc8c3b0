package dev.lockkey.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.InvalidKeyException;
import dev.lockkey.SpecDescriptor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Layouts: compiling, rendering within the length limit, and parsing a body back into segments. */
class KeyFormatTest {
  private static final List<FieldDescriptor> TENANT_AND_ORDER =
      List.of(FieldDescriptor.of("tenant", "java.lang.String"), FieldDescriptor.of("orderId", "long"));

  private static KeyFormat format(String layout) {
    return KeyFormat.of(new SpecDescriptor("com.acme.OrderPay", "order", "pay", 1, layout, TENANT_AND_ORDER));
  }

  @Test
  void aFormatKnowsItsSpecLayoutAndFields() {
    KeyFormat format = Specs.PAYMENT_CAPTURE;

    assertThat(format.spec().simpleName()).isEqualTo("PaymentCapture");
    assertThat(format.layout()).isEqualTo("payment:capture:v1:{tenant}:{orderId}");
    assertThat(format.field("orderId").name()).isEqualTo("orderId");
    assertThatThrownBy(() -> format.field("nope")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nope");
  }

  @Test
  void aTemplateMayPlaceFieldsInAnyOrderBetweenLiterals() {
    KeyFormat template = format("order:{orderId}:pay:v1:{tenant}");

    assertThat(template.render("t42", "98765")).isEqualTo("order:98765:pay:v1:t42");
  }

  @Test
  void everyNumberOfFieldsRendersTheSameWay() {
    for (int count = 1; count <= 7; count++) {
      List<FieldDescriptor> fields = new ArrayList<>();
      List<String> placeholders = new ArrayList<>();
      List<String> segments = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        fields.add(FieldDescriptor.of("f" + i, "long"));
        placeholders.add("{f" + i + "}");
        segments.add(Long.toString(i));
      }
      KeyFormat format = KeyFormat.of(new SpecDescriptor("com.acme.Many", "many", "fields", 1,
          "many:fields:v1:" + String.join(":", placeholders) + ":end", fields));

      assertThat(format.render(segments.toArray(String[]::new)))
          .isEqualTo("many:fields:v1:" + String.join(":", segments) + ":end");
    }
  }

  @Test
  void layoutsThatDoNotNameEachFieldOnceAsAPartAreRejected() {
    Map<String, String> problems = Map.of(
        "order:pay:v1:{tenant}", "has no placeholder {orderId}",
        "order:{tenant}:{orderId}:{tenant}", "names {tenant} twice",
        "order:{tenant}:{orderId}:{nope}", "names {nope}, which is no identity field",
        "order:x{tenant}:{orderId}", "glues a placeholder to other text in \"x{tenant}\"",
        "order:{tenant}s:{orderId}", "glues a placeholder",
        "order::{tenant}:{orderId}", "has an empty part",
        "order:{tenant}:{orderId}:", "has an empty part",
        "order:{}:{tenant}:{orderId}", "has an empty placeholder {}",
        "Order:{tenant}:{orderId}", "the literal \"Order\", which is not a key word",
        "order:{version}:{tenant}:{orderId}", "names {version}");
    problems.forEach((layout, problem) ->
        assertThatThrownBy(() -> format(layout))
            .isExactlyInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("com.acme.OrderPay: layout \"" + layout + "\"")
            .hasMessageContaining(problem));
  }

  @Test
  void aFieldNameDeclaredTwiceIsRejected() {
    List<FieldDescriptor> twice = List.of(FieldDescriptor.of("a", "long"), FieldDescriptor.of("a", "long"));

    assertThatThrownBy(() -> KeyFormat.of(new SpecDescriptor("com.acme.Twice", "t", "t", 1, "t:{a}:{a}", twice)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("twice");
  }

  @Test
  void aSpecOfANewerFormatEditionIsRejected() {
    SpecDescriptor fromANewerProcessor = new SpecDescriptor("com.acme.OrderPay", "order", "pay", 1,
        "order:pay:v1:{tenant}:{orderId}", TENANT_AND_ORDER, KeyFormat.EDITION + 1);

    assertThatThrownBy(() -> KeyFormat.of(fromANewerProcessor))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("generated for key format edition 2, but this lockkey runtime renders edition 1");
  }

  @Test
  void aSpecFromBeforeEditionsIsAcceptedForDecoding() {
    KeyFormat format = KeyFormat.of(new SpecDescriptor("com.acme.OrderPay", "order", "pay", 1,
        "order:pay:v1:{tenant}:{orderId}", TENANT_AND_ORDER, 0));

    assertThat(format.parse("order:pay:v1:t42:7")).containsEntry("tenant", "t42").containsEntry("orderId", "7");
  }

  @Test
  void renderTakesOneSegmentPerField() {
    assertThatThrownBy(() -> Specs.PAYMENT_CAPTURE.render("t42"))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("2 identity fields");
  }

  @Test
  void aBodyOfExactly512BytesFitsAndOneMoreDoesNot() {
    String prefix = "payment:capture:v1::1"; // the body around the tenant segment
    String fits = "t".repeat(KeyFormat.MAX_BODY_BYTES - prefix.length());

    assertThat(Specs.paymentCapture(fits, 1)).hasSize(KeyFormat.MAX_BODY_BYTES);
    assertThatThrownBy(() -> Specs.paymentCapture(fits + "t", 1))
        .isInstanceOfSatisfying(InvalidKeyException.class, e -> assertThat(e.rule()).isEqualTo("too-long"));
  }

  @Test
  void multiByteTextCountsInUtf8Bytes() {
    String prefix = "payment:capture:v1::1";
    int room = KeyFormat.MAX_BODY_BYTES - prefix.length(); // 491 bytes for the tenant
    String threeByteChars = "\u79DF".repeat(162); // 486 bytes
    String emoji = "\uD83D\uDE00"; // 4 bytes

    assertThat(room).isEqualTo(491);
    assertThat(Specs.paymentCapture(threeByteChars + "abcde", 1)).isNotEmpty();
    assertThatThrownBy(() -> Specs.paymentCapture(threeByteChars + "abcdef", 1)).isInstanceOf(InvalidKeyException.class);
    assertThat(Specs.paymentCapture(threeByteChars + emoji + "a", 1)).isNotEmpty();
    assertThatThrownBy(() -> Specs.paymentCapture(threeByteChars + emoji + "ab", 1)).isInstanceOf(InvalidKeyException.class);
  }

  @Test
  void tooLongNamesTheLongestFieldAndSuggestsHashed() {
    KeyFormat format = KeyFormat.of(new SpecDescriptor("com.acme.Note", "note", "edit", 1, "note:edit:v1:{title}:{body}",
        List.of(FieldDescriptor.of("title", "java.lang.String"), FieldDescriptor.of("body", "java.lang.String"))));

    assertThatThrownBy(() -> format.render("t".repeat(200), "b".repeat(300)))
        .isInstanceOfSatisfying(InvalidKeyException.class, e -> {
          assertThat(e.spec()).isEqualTo("Note");
          assertThat(e.field()).isEqualTo("body");
          assertThat(e.rule()).isEqualTo("too-long");
          assertThat(e).hasMessage("Note.body [too-long]: the body would be 514 UTF-8 bytes, more than 512; "
              + "its longest field is body (300 bytes); mark it @Hashed to keep a 32-character digest instead");
        });
  }

  @Test
  void parseSplitsABodyIntoItsRawSegmentsInDeclarationOrder() {
    KeyFormat template = format("order:{orderId}:pay:v1:{tenant}");

    Map<String, String> segments = template.parse("order:98765:pay:v1:acme%3Aeu");

    assertThat(segments).containsExactly(Map.entry("tenant", "acme%3Aeu"), Map.entry("orderId", "98765"));
    assertThatThrownBy(() -> segments.put("x", "y")).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void parseKeepsEmptySegmentsOfAbsentOptionals() {
    assertThat(format("order:{tenant}:{orderId}").parse("order::1")).containsEntry("tenant", "");
  }

  @Test
  void parseRejectsBodiesOfAnotherLayout() {
    KeyFormat format = format("order:{tenant}:pay:{orderId}");

    assertThatThrownBy(() -> format.parse("order:t42:pay")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("3 parts").hasMessageContaining("has 4");
    assertThatThrownBy(() -> format.parse("order:t42:pay:1:2")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> format.parse("order:t42:paid:1")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("part 3").hasMessageContaining("\"pay\"");
    assertThatThrownBy(() -> format.parse("shop:t42:pay:1")).isInstanceOf(IllegalArgumentException.class);
  }
}
