package dev.lockkey.format;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.InvalidKeyException;
import dev.lockkey.SpecDescriptor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The promises of the key format over generated, often hostile input: bodies are injective and
 * split into exactly their segments, canonical text is a fixed point, escaping is reversible, and
 * no input yields anything but a clean body or an {@link InvalidKeyException}.
 */
class KeyFormatProperties {
  /** A spec with every kind of segment: required, optional, collection, number. */
  private static final KeyFormat TICKET = KeyFormat.of(new SpecDescriptor("com.acme.Ticket", "ticket", "open", 1,
      "ticket:open:v1:{queue}:{label}:{tags}:{number}",
      List.of(FieldDescriptor.of("queue", "java.lang.String"),
          FieldDescriptor.of("label", "java.util.Optional<java.lang.String>"),
          FieldDescriptor.of("tags", "java.util.List<java.lang.String>"),
          FieldDescriptor.of("number", "long"))));
  private static final FieldFormat QUEUE = TICKET.field("queue");
  private static final FieldFormat LABEL = TICKET.field("label");
  private static final FieldFormat TAGS = TICKET.field("tags");
  private static final FieldFormat NUMBER = TICKET.field("number");

  /** The canonical values of a ticket; {@code label} is null when absent. */
  private record Canonical(String queue, String label, List<String> tags, long number) {}

  /** What the generated {@code TicketKey} would hold: its canonical values and its body. */
  private record Rendered(Canonical canonical, String body) {}

  /** The rendered ticket, or null when the input is invalid. */
  private static Rendered render(String queue, Optional<String> label, List<String> tags, long number) {
    try {
      String queueText = QUEUE.text(queue);
      String labelText = LABEL.optionalText(label, LABEL::text);
      List<String> tagTexts = new ArrayList<>();
      for (String tag : tags) {
        tagTexts.add(TAGS.text(tag));
      }
      String body = TICKET.render(QUEUE.segment(queueText), LABEL.segment(labelText),
          TAGS.collectionSegment(tags, TAGS::text), NUMBER.segment(NUMBER.text(number)));
      return new Rendered(new Canonical(queueText, labelText, List.copyOf(tagTexts), number), body);
    } catch (InvalidKeyException e) {
      return null;
    }
  }

  /** Reads the canonical values back from a body: that this is possible makes bodies injective. */
  private static Canonical decode(String body) {
    Map<String, String> segments = TICKET.parse(body);
    String label = segments.get("label");
    List<String> tags = new ArrayList<>();
    for (String tag : segments.get("tags").split(",", -1)) {
      tags.add(Escaping.unescape(tag));
    }
    return new Canonical(Escaping.unescape(segments.get("queue")), label.isEmpty() ? null : Escaping.unescape(label),
        tags, Long.parseLong(segments.get("number")));
  }

  @Property
  void aBodyDecodesToItsCanonicalValues(@ForAll("tickets") Rendered rendered) {
    assertThat(decode(rendered.body())).isEqualTo(rendered.canonical());
  }

  @Property
  void distinctCanonicalInputsGiveDistinctBodies(@ForAll("hostileTickets") List<Rendered> tickets) {
    Map<String, Canonical> canonicalByBody = new HashMap<>();
    for (Rendered ticket : tickets) {
      Canonical earlier = canonicalByBody.putIfAbsent(ticket.body(), ticket.canonical());

      assertThat(earlier).isIn(null, ticket.canonical());
    }
  }

  @Property
  void aBodySplitsIntoExactlyItsSegments(@ForAll("tickets") Rendered rendered) {
    Canonical canonical = rendered.canonical();

    assertThat(TICKET.parse(rendered.body())).containsExactly(
        Map.entry("queue", QUEUE.segment(canonical.queue())),
        Map.entry("label", LABEL.segment(canonical.label())),
        Map.entry("tags", TAGS.collectionSegment(canonical.tags(), TAGS::text)),
        Map.entry("number", Long.toString(canonical.number())));
  }

  @Property
  void canonicalTextIsAFixedPoint(@ForAll("validText") String value, @ForAll boolean caseInsensitive,
      @ForAll boolean verbatim, @ForAll boolean maxLength) {
    FieldDescriptor field = FieldDescriptor.of("value", "java.lang.String");
    field = caseInsensitive ? field.withCaseInsensitive() : field;
    field = verbatim ? field.withVerbatim() : field;
    field = maxLength ? field.withMaxLength(10) : field;
    FieldFormat format = Specs.field(field);
    String text;
    try {
      text = format.text(value);
    } catch (InvalidKeyException e) {
      Assume.that(false);
      return;
    }

    assertThat(format.text(text)).isEqualTo(text);
  }

  @Property
  void unescapeInvertsEscape(@ForAll("validText") String text) {
    assertThat(Escaping.unescape(Escaping.escape(text))).isEqualTo(text);
  }

  @Property
  void unescapeAcceptsOnlyWhatEscapeProduces(@ForAll("percentText") String segment) {
    String text;
    try {
      text = Escaping.unescape(segment);
    } catch (IllegalArgumentException e) {
      return; // rejected: nothing to hold
    }
    assertThat(Escaping.escape(text)).isEqualTo(segment);
  }

  @Property
  void anyStringGivesACleanBodyOrInvalidKeyException(@ForAll("anyText") String tenant) {
    String body;
    try {
      body = Specs.paymentCapture(tenant, 7);
    } catch (InvalidKeyException e) {
      assertThat(e.spec()).isEqualTo("PaymentCapture");
      return;
    }
    String segment = Specs.PAYMENT_CAPTURE.parse(body).get("tenant");

    assertThat(body).isEqualTo("payment:capture:v1:" + segment + ":7");
    assertNoUnescapedReservedCodePoint(segment);
    assertThat(Escaping.unescape(segment)).isEqualTo(Specs.string().text(tenant));
  }

  @Property
  void theOrderOfUnorderedElementsDoesNotMatter(@ForAll("tags") List<String> tags, @ForAll Random random) {
    FieldFormat unordered = Specs.field(FieldDescriptor.of("tags", "java.util.List<java.lang.String>").withUnordered());
    String segment;
    try {
      segment = unordered.collectionSegment(tags, unordered::text);
    } catch (InvalidKeyException e) {
      Assume.that(false);
      return;
    }
    List<String> shuffled = new ArrayList<>(tags);
    Collections.shuffle(shuffled, random);

    assertThat(unordered.collectionSegment(shuffled, unordered::text)).isEqualTo(segment);
  }

  private static void assertNoUnescapedReservedCodePoint(String segment) {
    for (int i = 0; i < segment.length(); i += Character.charCount(segment.codePointAt(i))) {
      int codePoint = segment.codePointAt(i);
      if (codePoint == '%') {
        assertThat(segment.substring(i + 1, Math.min(i + 3, segment.length()))).matches("[0-9A-F]{2}");
      } else {
        assertThat(Escaping.isReserved(codePoint)).as("U+%04X at %d", codePoint, i).isFalse();
      }
    }
  }

  /**
   * Many tickets built of few tokens that are likely to collide once escaped, split or joined
   * ({@code "a,a"} against {@code ["a", "a"]}, {@code ":"} against {@code "%3A"}, {@code " a"}
   * against {@code "a"}), so that each try compares many near neighbours.
   */
  @Provide
  Arbitrary<List<Rendered>> hostileTickets() {
    Arbitrary<String> text = tokens("a", ":", "%3A", " ");
    Arbitrary<String> tag = tokens("a", ",", "%2C");
    Arbitrary<Rendered> ticket = Combinators.combine(text, text.optional(), tag.list().ofMinSize(1).ofMaxSize(2))
        .as((queue, label, tags) -> render(queue, label, tags, 1))
        .filter(Objects::nonNull);
    return ticket.list().ofMinSize(2).ofMaxSize(200);
  }

  private static Arbitrary<String> tokens(String... tokens) {
    return Arbitraries.of(tokens).list().ofMinSize(1).ofMaxSize(2).map(list -> String.join("", list));
  }

  /** Strings without unpaired surrogates: hostile, any code point, combining-heavy, or long. */
  @Provide
  Arbitrary<String> validText() {
    Arbitrary<String> codePoints = Arbitraries.integers().between(0, Character.MAX_CODE_POINT)
        .filter(codePoint -> codePoint < Character.MIN_SURROGATE || codePoint > Character.MAX_SURROGATE)
        .list().ofMaxSize(12)
        .map(list -> {
          StringBuilder text = new StringBuilder();
          list.forEach(text::appendCodePoint);
          return text.toString();
        });
    Arbitrary<String> combining = Arbitraries.strings().withCharRange('\u0000', '\u036F').ofMaxLength(20);
    Arbitrary<String> longBmp = Arbitraries.strings()
        .withCharRange('\u0000', '\uD7FF').withCharRange('\uE000', '\uFFFF').ofMinLength(100).ofMaxLength(600);
    Arbitrary<String> hostile = Arbitraries.strings().withChars("a%:3A,{}* \t\u00A0\u200Be\u0301\u00E9J\u030C\u01F0").ofMaxLength(5);
    return Arbitraries.oneOf(hostile, codePoints, combining, longBmp);
  }

  /** Valid tickets of any text, with and without label, of one to four tags. */
  @Provide
  Arbitrary<Rendered> tickets() {
    return Combinators.combine(validText(), validText().optional(), tags(), Arbitraries.longs())
        .as(KeyFormatProperties::render)
        .filter(Objects::nonNull);
  }

  @Provide
  Arbitrary<List<String>> tags() {
    return validText().list().ofMinSize(1).ofMaxSize(4);
  }

  /** Anything: unpaired surrogates, blank, huge. */
  @Provide
  Arbitrary<String> anyText() {
    return Arbitraries.oneOf(validText(), Arbitraries.strings().all().ofMaxLength(40),
        Arbitraries.strings().whitespace().ofMaxLength(5), Arbitraries.strings().all().ofMinLength(500).ofMaxLength(3000));
  }

  /** Candidate segments built of percent sequences, hex digits and reserved code points. */
  @Provide
  Arbitrary<String> percentText() {
    return Arbitraries.strings().withChars("%0123456789ABCDEFacf: \u00E9").ofMaxLength(12);
  }
}
