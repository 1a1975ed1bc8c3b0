package dev.lockkey.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.InvalidKeyException;
import dev.lockkey.format.Escaping;
import dev.lockkey.format.FieldFormat;
import dev.lockkey.format.KeyFormat;
import dev.lockkey.reliability.specs.ParcelRoute;
import dev.lockkey.reliability.specs.ParcelRouteKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * More than 100,000 hostile field values through a generated key class ({@link ParcelRouteKey},
 * every kind of text field): each key is either built, with a body free of unescaped reserved
 * characters that decodes back to the key's canonical values, or refused with an
 * {@link InvalidKeyException} naming its field and rule; and no two different canonical values
 * ever share a body.
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class HostileInputTest {
  private static final int KEYS = 42_000;
  private static final long SEED = 20260421L;
  private static final KeyFormat FORMAT = KeyFormat.of(ParcelRouteKey.SPEC);
  private static final FieldFormat STOPS = FORMAT.field("stops");
  private static final FieldFormat TAGS = FORMAT.field("tags");
  private static final Pattern ESCAPE = Pattern.compile("%[0-9A-F]{2}");
  private static final long SEPARATORS = FORMAT.layout().chars().filter(c -> c == ':').count();
  /** The value of the fields a key leaves alone: one, so that bodies often differ by one field only. */
  private static final String PLAIN = "a";

  private final Random random = new Random(SEED);
  private final HostileText hostile = new HostileText(SEED);
  private int values;

  @Test
  void everyValueGivesACleanInjectiveBodyOrInvalidKeyException() {
    Map<String, List<Object>> canonicalByBody = new HashMap<>();
    Map<String, Integer> refusedByRule = new TreeMap<>();
    long started = System.nanoTime();
    for (int i = 0; i < KEYS; i++) {
      Input input = nextInput();
      ParcelRouteKey key;
      try {
        key = input.key();
      } catch (InvalidKeyException e) {
        assertThat(e.spec()).isEqualTo("ParcelRoute");
        assertThat(e.field()).isIn("carrier", "depot", "note", "stops", "tags", "label", "manifest", null);
        refusedByRule.merge(e.rule(), 1, Integer::sum);
        continue;
      }
      String body = key.canonical();
      assertClean(body);
      List<Object> canonical = canonical(key);
      assertThat(decode(body)).as("the body %s decodes to the key's values", body).isEqualTo(canonical);
      List<Object> earlier = canonicalByBody.putIfAbsent(body, canonical);
      assertThat(earlier).as("another input on body %s", body).isIn(null, canonical);
      assertThat(input.withCanonicalValues(key).canonical()).as("canonical values are a fixed point").isEqualTo(body);
    }
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
    int refused = refusedByRule.values().stream().mapToInt(Integer::intValue).sum();

    assertThat(values).isGreaterThanOrEqualTo(100_000);
    assertThat(KEYS - refused).as("keys built").isGreaterThan(KEYS / 4);
    assertThat(canonicalByBody.size()).as("distinct bodies").isGreaterThan(KEYS / 10);
    assertThat(refusedByRule.keySet()).contains("blank", "unpaired-surrogate", "max-length", "too-long", "null");
    assertThat(hostile.categories()).hasSize(30); // every general category, unassigned and surrogates included

    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("values", values);
    figures.put("keys", KEYS);
    figures.put("built", KEYS - refused);
    figures.put("distinctBodies", canonicalByBody.size()); // fewer than built: inputs alike once canonical
    figures.put("refused", refused);
    figures.put("refusedByRule", refusedByRule.toString().replace(" ", ""));
    figures.put("millis", millis);
    Figures.record("hostile-input", figures);
  }

  /** Plain values but for one to four hostile ones, so that many keys are built and compared. */
  private Input nextInput() {
    String[] text = new String[5]; // carrier, depot, note, label, manifest
    Arrays.fill(text, PLAIN);
    List<String> stops = new ArrayList<>(List.of(PLAIN));
    Set<String> tags = new HashSet<>(List.of(PLAIN));
    int hostileFields = 1 + random.nextInt(4);
    for (int i = 0; i < hostileFields; i++) {
      int field = random.nextInt(7);
      if (field < 5) {
        text[field] = hostileValue();
      } else if (field == 5) {
        stops.add(random.nextInt(stops.size() + 1), hostileValue());
      } else {
        tags.add(hostileValue());
      }
    }
    return new Input(text[0], text[1], Optional.ofNullable(text[2]), stops, tags, text[3], text[4], 1);
  }

  private String hostileValue() {
    values++;
    return hostile.next();
  }

  /**
   * The canonical values of a key: what its accessors return, but for the collections, whose
   * accessors return the elements as given, the canonical text of each element.
   */
  private static List<Object> canonical(ParcelRouteKey key) {
    return Arrays.asList(key.carrier(), key.depot(), key.note().orElse(null), canonicalStops(key),
        canonicalTags(key), key.label(), key.manifest(), key.parcel());
  }

  private static List<String> canonicalStops(ParcelRoute key) {
    return key.stops().stream().map(STOPS::text).toList();
  }

  /**
   * Sorted, and without the elements that are equal once canonical ({@code "a"} and {@code " a"}):
   * a set is a set of canonical values.
   */
  private static List<String> canonicalTags(ParcelRoute key) {
    return key.tags().stream().map(TAGS::text).distinct().sorted().toList();
  }

  /** Reads a body back into canonical values: possible only because escaping is injective. */
  private static List<Object> decode(String body) {
    Map<String, String> segments = FORMAT.parse(body);
    String note = segments.get("note");
    assertThat(segments.get("manifest")).matches("[0-9a-f]{32}");
    return Arrays.asList(Escaping.unescape(segments.get("carrier")), Escaping.unescape(segments.get("depot")),
        note.isEmpty() ? null : Escaping.unescape(note), elements(segments.get("stops")),
        elements(segments.get("tags")).stream().sorted().toList(), Escaping.unescape(segments.get("label")),
        segments.get("manifest"), Long.parseLong(segments.get("parcel")));
  }

  private static List<String> elements(String segment) {
    return Arrays.stream(segment.split(",", -1)).map(Escaping::unescape).toList();
  }

  /**
   * Outside the separators ({@code :} between segments, {@code ,} between elements) a body holds
   * no reserved code point and no lone surrogate, and every {@code %} starts an escape of two
   * uppercase hex digits.
   */
  private static void assertClean(String body) {
    List<String> problems = new ArrayList<>();
    for (int i = 0; i < body.length(); i += Character.charCount(body.codePointAt(i))) {
      int codePoint = body.codePointAt(i);
      boolean unpairedSurrogate = codePoint >= Character.MIN_SURROGATE && codePoint <= Character.MAX_SURROGATE;
      if (codePoint == '%' ? !ESCAPE.matcher(body).region(i, body.length()).lookingAt()
          : codePoint != ':' && codePoint != ',' && (Escaping.isReserved(codePoint) || unpairedSurrogate)) {
        problems.add(String.format("U+%04X at %d", codePoint, i));
      }
    }
    assertThat(problems).as("unescaped in %s", body).isEmpty();
    assertThat(body.chars().filter(c -> c == ':').count()).as("separators of %s", body).isEqualTo(SEPARATORS);
  }

  /** The raw values of one key. */
  private record Input(String carrier, String depot, Optional<String> note, List<String> stops, Set<String> tags,
      String label, String manifest, long parcel) {

    ParcelRouteKey key() {
      return ParcelRouteKey.of(carrier, depot, note, stops, tags, label, manifest, parcel);
    }

    /**
     * The key of {@code key}'s canonical values, with this input's manifest (the key keeps only its
     * digest) and tags (a set cannot hold two elements that are equal once canonical).
     */
    ParcelRouteKey withCanonicalValues(ParcelRoute key) {
      return ParcelRouteKey.of(key.carrier(), key.depot(), key.note(), canonicalStops(key), tags, key.label(),
          manifest, key.parcel());
    }
  }
}
