package dev.lockkey.format;

import static dev.lockkey.RandomCases.forAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.InvalidKeyException;
import dev.lockkey.RandomText;
import dev.lockkey.SpecDescriptor;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The fast paths of rendering give what the general paths give, on ASCII and non-ASCII input
 * alike: {@link FieldFormat#text(String)} for visible ASCII against the same value behind a space
 * (which the general path strips), {@link Escaping#escape} against the percent-encoding of each
 * code point and, for ASCII text, against the same text with a non-ASCII code point after it (which
 * takes the general path), and {@link KeyFormat#body(String)} of generated code's concatenation against
 * {@link KeyFormat#render(String...)}, in what they return and in how they fail.
 */
class FastPathEquivalenceTest {
  /** Visible ASCII, white space, reserved punctuation, upper case, and code points that fold or decompose. */
  private static final String MIXED = "aZ09-_.~!%:{},*?[]\\ \t\u00A0\u200B\u00E9e\u0301\u00DFK\u212A\u03A3\uD83D\uDE00";
  /** Every ASCII char, reserved or not, controls and DEL included. */
  private static final String ASCII = asciiChars();

  private static final KeyFormat TICKET = KeyFormat.of(new SpecDescriptor("com.acme.Ticket", "ticket", "open", 1,
      "ticket:{queue}:open:v1:{number}:{label}",
      List.of(FieldDescriptor.of("label", "java.lang.String"), FieldDescriptor.of("queue", "java.lang.String"),
          FieldDescriptor.of("number", "long"))));
  private static final FieldFormat LABEL = TICKET.field("label");
  private static final FieldFormat QUEUE = TICKET.field("queue");

  private static String input(Random random) {
    return switch (random.nextInt(5)) {
      case 0 -> RandomText.fromChars(random, "!#$&'()+-./09;<=>@AZ^_`az|~", random.nextInt(30));
      case 1 -> RandomText.fromChars(random, MIXED, random.nextInt(12));
      case 2 -> RandomText.anyShort(random);
      case 3 -> RandomText.fromChars(random, ASCII, random.nextInt(30));
      default -> RandomText.valid(random);
    };
  }

  @Test
  void textOfVisibleAsciiIsTheTextOfTheGeneralPath() {
    for (boolean caseInsensitive : new boolean[] {false, true}) {
      for (boolean maxLength : new boolean[] {false, true}) {
        FieldDescriptor field = FieldDescriptor.of("value", "java.lang.String");
        field = caseInsensitive ? field.withCaseInsensitive() : field;
        field = maxLength ? field.withMaxLength(12) : field;
        FieldFormat format = Specs.field(field);
        forAll("fast text " + caseInsensitive + " " + maxLength, FastPathEquivalenceTest::input, value -> {
          // A leading space is stripped, but keeps the value off the fast path. It moves the index
          // that an unpaired surrogate is reported at, and such a value never takes the fast path.
          String fast = outcome(() -> format.text(value));
          String general = outcome(() -> format.text(" " + value));
          if (hasUnpairedSurrogate(value)) {
            assertThat(fast).contains("[unpaired-surrogate]");
            assertThat(general).contains("[unpaired-surrogate]");
          } else {
            assertThat(fast).isEqualTo(general);
          }
        });
      }
    }
  }

  @Test
  void verbatimVisibleAsciiIsKeptAsItIs() {
    FieldFormat verbatim = Specs.field(FieldDescriptor.of("value", "java.lang.String").withVerbatim());
    forAll("fast verbatim", random -> RandomText.fromChars(random, "!%:AZaz09~", 1 + random.nextInt(20)),
        value -> assertThat(verbatim.text(value)).isSameAs(value));
  }

  @Test
  void escapingIsThePercentEncodingOfEachReservedCodePoint() {
    forAll("fast escape", FastPathEquivalenceTest::input, value -> {
      if (!hasUnpairedSurrogate(value)) {
        assertThat(Escaping.escape(value)).isEqualTo(escapedCodePointByCodePoint(value));
      }
    });
  }

  @Test
  void escapingAsciiIsTheEscapingOfTheGeneralPath() {
    forAll("fast ascii escape", random -> RandomText.fromChars(random, ASCII, random.nextInt(30)), value -> {
      // U+00E9 needs no escaping, so it comes out as it went in; it puts the text on the general path.
      String general = Escaping.escape(value + "\u00E9");
      assertThat(Escaping.escape(value)).isEqualTo(general.substring(0, general.length() - 1));
    });
  }

  @Test
  void escapingReturnsAsciiTextThatNeedsNoEscapingAsItIs() {
    forAll("fast ascii as it is", random -> RandomText.fromChars(random, "!#$&'()+-./09;<=>@AZ^_`az|~", random.nextInt(30)),
        value -> assertThat(Escaping.escape(value)).isSameAs(value));
  }

  @Test
  void concatenatedBodyIsTheRenderedBody() {
    forAll("fast body", random -> new String[] {input(random), input(random), Long.toString(RandomText.anyLong(random))},
        values -> {
          String label = outcome(() -> LABEL.segment(LABEL.text(values[0])));
          String queue = outcome(() -> QUEUE.segment(QUEUE.text(values[1])));
          if (label.startsWith("threw") || queue.startsWith("threw")) {
            return;
          }
          long number = Long.parseLong(values[2]);
          // As generated code writes it: layout order, the number concatenated as it is.
          assertThat(outcome(() -> TICKET.body("ticket:" + queue + ":open:v1:" + number + ":" + label)))
              .isEqualTo(outcome(() -> TICKET.render(label, queue, Long.toString(number))));
        });
  }

  @Test
  void thePaymentCaptureBodyOfTheGoldenVectorsIsTheRenderedOne() {
    forAll("fast payment capture", random -> new Object[] {input(random), RandomText.anyLong(random)}, values -> {
      String tenant = (String) values[0];
      long orderId = (Long) values[1];
      assertThat(outcome(() -> Specs.paymentCapture(tenant, orderId)))
          .isEqualTo(outcome(() -> Specs.paymentCaptureRendered(tenant, orderId)));
    });
  }

  @Test
  void aTooLongConcatenatedBodyFailsAsRenderFails() {
    String label = LABEL.segment(LABEL.text("\u00E9".repeat(200)));
    String queue = QUEUE.segment(QUEUE.text("q:".repeat(30)));
    assertThatThrownBy(() -> TICKET.body("ticket:" + queue + ":open:v1:" + 7 + ":" + label))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessage(outcome(() -> TICKET.render(label, queue, "7")).substring("threw ".length()))
        .hasMessageContaining("label");
  }

  private static String asciiChars() {
    StringBuilder chars = new StringBuilder();
    for (char c = 0; c < 0x80; c++) {
      chars.append(c);
    }
    return chars.toString();
  }

  /** What {@code call} returns, or {@code threw} and its exception's message. */
  private static String outcome(Supplier<String> call) {
    try {
      return call.get();
    } catch (IllegalArgumentException e) { // InvalidKeyException too
      return "threw " + e.getMessage();
    }
  }

  private static boolean hasUnpairedSurrogate(String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < value.length() && Character.isLowSurrogate(value.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return true;
      }
    }
    return false;
  }

  /** The escaping of KEY-FORMAT.md written the slow way: every code point on its own. */
  private static String escapedCodePointByCodePoint(String value) {
    StringBuilder out = new StringBuilder();
    value.codePoints().forEach(codePoint -> {
      if (!Escaping.isReserved(codePoint)) {
        out.appendCodePoint(codePoint);
        return;
      }
      for (byte b : new String(Character.toChars(codePoint)).getBytes(StandardCharsets.UTF_8)) {
        out.append('%').append(String.format("%02X", b & 0xFF));
      }
    });
    return out.toString();
  }
}
