package dev.lockkey.format;

import static dev.lockkey.RandomCases.forAll;
import static org.assertj.core.api.Assertions.assertThat;

import com.ibm.icu.lang.UCharacter;
import dev.lockkey.FieldDescriptor;
import dev.lockkey.InvalidKeyException;
import dev.lockkey.RandomText;
import dev.lockkey.SpecDescriptor;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The promises of the key format over generated, often hostile input, as seeded randomized tests
 * ({@link dev.lockkey.RandomCases}): bodies are injective and split into exactly their segments,
 * canonical text is a fixed point, case folding matches the Unicode data, sets are sets, escaping
 * is reversible, and no input yields anything but a clean body or an {@link InvalidKeyException}.
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

  /** A string field with some modifiers. */
  private record Modified(String value, boolean caseInsensitive, boolean verbatim, boolean maxLength) {
    FieldFormat format() {
      FieldDescriptor field = FieldDescriptor.of("value", "java.lang.String");
      field = caseInsensitive ? field.withCaseInsensitive() : field;
      field = verbatim ? field.withVerbatim() : field;
      field = maxLength ? field.withMaxLength(10) : field;
      return Specs.field(field);
    }
  }

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

  @Test
  void aBodyDecodesToItsCanonicalValues() {
    forAll("aBodyDecodesToItsCanonicalValues", KeyFormatProperties::ticket,
        rendered -> assertThat(decode(rendered.body())).isEqualTo(rendered.canonical()));
  }

  @Test
  void distinctCanonicalInputsGiveDistinctBodies() {
    forAll("distinctCanonicalInputsGiveDistinctBodies", 1000, KeyFormatProperties::hostileTickets, tickets -> {
      Map<String, Canonical> canonicalByBody = new HashMap<>();
      for (Rendered ticket : tickets) {
        Canonical earlier = canonicalByBody.putIfAbsent(ticket.body(), ticket.canonical());

        assertThat(earlier).isIn(null, ticket.canonical());
      }
    });
  }

  @Test
  void aBodySplitsIntoExactlyItsSegments() {
    forAll("aBodySplitsIntoExactlyItsSegments", KeyFormatProperties::ticket, rendered -> {
      Canonical canonical = rendered.canonical();

      assertThat(TICKET.parse(rendered.body())).containsExactly(
          Map.entry("queue", QUEUE.segment(canonical.queue())),
          Map.entry("label", LABEL.segment(canonical.label())),
          Map.entry("tags", TAGS.collectionSegment(canonical.tags(), TAGS::text)),
          Map.entry("number", Long.toString(canonical.number())));
    });
  }

  @Test
  void canonicalTextIsAFixedPoint() {
    forAll("canonicalTextIsAFixedPoint", KeyFormatProperties::modified, modified -> {
      FieldFormat format = modified.format();
      String text = validText(format, modified.value());

      assertThat(text == null ? null : format.text(text)).isEqualTo(text);
    });
  }

  @Test
  void caseInsensitiveTextIsTheUnicodeFullCaseFolding() {
    FieldFormat caseInsensitive = Specs.field(FieldDescriptor.of("value", "java.lang.String").withCaseInsensitive());
    FieldFormat plain = Specs.string();
    forAll("caseInsensitiveTextIsTheUnicodeFullCaseFolding", RandomText::valid, value -> {
      String text = validText(plain, value);
      if (text == null) {
        return; // blank: invalid either way
      }
      String icuFolded = Normalizer.normalize(UCharacter.foldCase(text, true), Normalizer.Form.NFC);

      assertThat(caseInsensitive.text(value)).isEqualTo(icuFolded);
    });
  }

  @Test
  void unescapeInvertsEscape() {
    forAll("unescapeInvertsEscape", RandomText::valid,
        text -> assertThat(Escaping.unescape(Escaping.escape(text))).isEqualTo(text));
  }

  @Test
  void unescapeAcceptsOnlyWhatEscapeProduces() {
    forAll("unescapeAcceptsOnlyWhatEscapeProduces",
        random -> RandomText.fromChars(random, "%0123456789ABCDEFacf: \u00E9", random.nextInt(13)), segment -> {
          String text;
          try {
            text = Escaping.unescape(segment);
          } catch (IllegalArgumentException e) {
            return; // rejected: nothing to hold
          }
          assertThat(Escaping.escape(text)).isEqualTo(segment);
        });
  }

  @Test
  void anyStringGivesACleanBodyOrInvalidKeyException() {
    forAll("anyStringGivesACleanBodyOrInvalidKeyException", RandomText::any, tenant -> {
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
    });
  }

  @Test
  void theOrderOfUnorderedElementsDoesNotMatter() {
    FieldFormat unordered = Specs.field(FieldDescriptor.of("tags", "java.util.List<java.lang.String>").withUnordered());
    forAll("theOrderOfUnorderedElementsDoesNotMatter", KeyFormatProperties::validTags, tags -> {
      String segment = unordered.collectionSegment(tags, unordered::text);
      List<String> shuffled = new ArrayList<>(tags);
      Collections.shuffle(shuffled, new Random(tags.hashCode()));

      assertThat(unordered.collectionSegment(shuffled, unordered::text)).isEqualTo(segment);
    });
  }

  @Test
  void anUnorderedListKeepsItsDuplicates() {
    FieldFormat unordered = Specs.field(FieldDescriptor.of("tags", "java.util.List<java.lang.String>").withUnordered());
    forAll("anUnorderedListKeepsItsDuplicates", KeyFormatProperties::validTags, tags -> {
      List<String> twice = new ArrayList<>(tags);
      twice.addAll(tags);

      assertThat(unordered.collectionSegment(twice, unordered::text).split(",")).hasSize(2 * tags.size());
    });
  }

  @Test
  void aSetIsItsDistinctCanonicalElements() {
    FieldFormat set = Specs.field(
        FieldDescriptor.of("tags", "java.util.Set<java.lang.String>").withUnordered().withCaseInsensitive());
    forAll("aSetIsItsDistinctCanonicalElements", KeyFormatProperties::validTags, tags -> {
      Set<String> values = new LinkedHashSet<>(tags);
      Set<String> withEqualVariants = new LinkedHashSet<>(values);
      TreeSet<String> distinct = new TreeSet<>();
      for (String tag : values) {
        String text = set.text(tag);
        withEqualVariants.add("\u00A0" + text + "\u202F");
        if (text.chars().allMatch(c -> c < 0x80)) {
          withEqualVariants.add(text.toUpperCase(Locale.ROOT));
        }
        distinct.add(Escaping.escape(text));
      }
      String segment = set.setSegment(values, set::text);

      assertThat(segment).isEqualTo(String.join(",", distinct));
      assertThat(set.setSegment(withEqualVariants, set::text)).isEqualTo(segment);
    });
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

  /** The canonical text, or null when the value is invalid for the field. */
  private static String validText(FieldFormat format, String value) {
    try {
      return format.text(value);
    } catch (InvalidKeyException e) {
      return null;
    }
  }

  private static Modified modified(Random random) {
    return new Modified(RandomText.valid(random), random.nextBoolean(), random.nextBoolean(), random.nextBoolean());
  }

  /** A valid ticket of any text, with and without label, of one to four tags. */
  private static Rendered ticket(Random random) {
    while (true) {
      Optional<String> label = random.nextInt(4) == 0 ? Optional.empty() : Optional.of(RandomText.valid(random));
      Rendered rendered = render(RandomText.valid(random), label, RandomText.listOf(random, 4, RandomText::valid),
          RandomText.anyLong(random));
      if (rendered != null) {
        return rendered;
      }
    }
  }

  /**
   * Two to 200 valid tickets built of few tokens that are likely to collide once escaped, split
   * or joined ({@code "a,a"} against {@code ["a", "a"]}, {@code ":"} against {@code "%3A"},
   * {@code " a"} against {@code "a"}), so that each case compares many near neighbours.
   */
  private static List<Rendered> hostileTickets(Random random) {
    int size = 2 + random.nextInt(199);
    List<Rendered> tickets = new ArrayList<>(size);
    while (tickets.size() < size) {
      Optional<String> label = random.nextInt(4) == 0
          ? Optional.empty()
          : Optional.of(RandomText.tokens(random, "a", ":", "%3A", " ", "\u00A0"));
      List<String> tags = RandomText.listOf(random, 2, r -> RandomText.tokens(r, "a", "A", ",", "%2C"));
      Rendered rendered = render(RandomText.tokens(random, "a", ":", "%3A", " ", "\u00A0"), label, tags, 1);
      if (rendered != null) {
        tickets.add(rendered);
      }
    }
    return tickets;
  }

  /** One to four values that are valid tags. */
  private static List<String> validTags(Random random) {
    while (true) {
      List<String> tags = RandomText.listOf(random, 4, RandomText::valid);
      if (tags.stream().allMatch(tag -> validText(Specs.string(), tag) != null)) {
        return tags;
      }
    }
  }
}
