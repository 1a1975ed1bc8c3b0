package dev.lockkey.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.InvalidKeyException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The canonical JSON golden vectors of {@code docs/KEY-FORMAT.md}, byte for byte, and their
 * fingerprints. The writers here are what the processor generates for the records in comments:
 * members in the order of their names.
 */
class CanonicalJsonTest {

  /** {@code record Person(String name, int age)}. */
  private record Person(String name, int age) {
    static void write(CanonicalJson json, Person value) {
      json.beginObject();
      json.member("age").integral(value.age());
      json.member("name").string(value.name());
      json.endObject();
    }
  }

  @Test
  void membersAreSortedByName() {
    assertVector(new Person("Tom", 20), Person::write,
        "{\"age\":20,\"name\":\"Tom\"}", "2ef326fa68203cb0646373727b626428");
  }

  private record Customer(String id, Tier tier) {}

  private enum Tier { GOLD }

  private record Line(String sku, long qty) {}

  /** {@code record Order(List<Line> lines, Customer customer)}. */
  private record Order(List<Line> lines, Customer customer) {
    static void write(CanonicalJson json, Order value) {
      json.beginObject();
      json.member("customer").beginObject();
      json.member("id").string(value.customer().id());
      json.member("tier").enumName(value.customer().tier());
      json.endObject();
      json.member("lines").list(value.lines(), (json1, line) -> {
        json1.beginObject();
        json1.member("qty").integral(line.qty());
        json1.member("sku").string(line.sku());
        json1.endObject();
      });
      json.endObject();
    }
  }

  @Test
  void nestedRecordsAndListsKeepTheirOrder() {
    Order order = new Order(List.of(new Line("A-1", 2), new Line("B-7", 1)), new Customer("c-1", Tier.GOLD));
    assertVector(order, Order::write,
        "{\"customer\":{\"id\":\"c-1\",\"tier\":\"GOLD\"},\"lines\":[{\"qty\":2,\"sku\":\"A-1\"},{\"qty\":1,\"sku\":\"B-7\"}]}",
        "9b82b654610e8b12e69885f640e0b104");
  }

  /** {@code record Numbers(long big, Long small, List<BigDecimal> dec)}. */
  private record Numbers(long big, Long small, List<BigDecimal> dec) {
    static void write(CanonicalJson json, Numbers value) {
      json.beginObject();
      json.member("big").integral(value.big());
      json.member("dec").list(value.dec(), CanonicalJson::decimal);
      json.member("small").integral(value.small());
      json.endObject();
    }
  }

  @Test
  void integersKeepEveryDigitAndDecimalsLoseTrailingZeros() {
    Numbers numbers = new Numbers(Long.MAX_VALUE, Long.MIN_VALUE, List.of(new BigDecimal("100.00"),
        new BigDecimal("1E+3"), new BigDecimal("0.00"), new BigDecimal("-0.50"), new BigDecimal("1E-7"),
        new BigDecimal("12345678901234567890.123450")));
    assertVector(numbers, Numbers::write,
        "{\"big\":9223372036854775807,\"dec\":[100,1000,0,-0.5,0.0000001,12345678901234567890.12345],"
            + "\"small\":-9223372036854775808}",
        "9a0120a206009049dcd717aa0bee06b1");
  }

  /** {@code record Texts(List<String> s)}. */
  private record Texts(List<String> s) {
    static void write(CanonicalJson json, Texts value) {
      json.beginObject();
      json.member("s").list(value.s(), CanonicalJson::string);
      json.endObject();
    }
  }

  @Test
  void stringsAreNfcAndOtherwiseUnescapedUnicode() {
    Texts texts = new Texts(List.of("Cafe\u0301", "租户", "😀", "\u2028", "\u007f"));
    assertVector(texts, Texts::write,
        "{\"s\":[\"Café\",\"租户\",\"😀\",\"\u2028\",\"\u007f\"]}", "68b40bcf1660dc4d790b9d553b82bde2");
  }

  /** {@code record Escapes(String s)}. */
  private record Escapes(String s) {
    static void write(CanonicalJson json, Escapes value) {
      json.beginObject();
      json.member("s").string(value.s());
      json.endObject();
    }
  }

  @Test
  void onlyQuoteBackslashAndControlsAreEscaped() {
    assertVector(new Escapes("\"\\\b\f\n\r\t\u0001\u001f/"), Escapes::write,
        "{\"s\":\"\\\"\\\\\\b\\f\\n\\r\\t\\u0001\\u001f/\"}", "6b5e9f2fd0919ea8536ed4c67fb525c3");
  }

  /** {@code record Placed(String id, Optional<String> note, @NotInFingerprint String traceId)}. */
  private record Placed(String id, Optional<String> note, String traceId) {
    static void write(CanonicalJson json, Placed value) {
      json.beginObject();
      json.member("id").string(value.id());
      json.optional("note", value.note(), CanonicalJson::string);
      json.endObject();
    }
  }

  @Test
  void anAbsentOptionalAndAnExcludedMemberAreLeftOut() {
    assertVector(new Placed("o-1", Optional.empty(), "trace-1"), Placed::write,
        "{\"id\":\"o-1\"}", "a50c1bfb810d3ef1b2cd7b60d413b8b3");
    assertThat(CanonicalJson.write("Placed", new Placed("o-1", Optional.empty(), "trace-2"), Placed::write))
        .isEqualTo("{\"id\":\"o-1\"}");
  }

  /** {@code record Attributes(Map<String, Integer> m)}. */
  private record Attributes(Map<String, Integer> m) {
    static void write(CanonicalJson json, Attributes value) {
      json.beginObject();
      json.member("m").map(value.m(), CanonicalJson::integral);
      json.endObject();
    }
  }

  @Test
  void mapKeysAreNfcAndSortedByUtf16CodeUnits() {
    // RFC 8785's sorting example; U+FB33 is no NFC, it becomes U+05D3 U+05BC
    Map<String, Integer> m = new LinkedHashMap<>();
    m.put("\u20ac", 6);
    m.put("\r", 1);
    m.put("\ufb33", 5);
    m.put("1", 2);
    m.put("\ud83d\ude00", 7);
    m.put("\u0080", 3);
    m.put("\u00f6", 4);
    assertVector(new Attributes(m), Attributes::write,
        "{\"m\":{\"\\r\":1,\"1\":2,\"\u0080\":3,\"\u00f6\":4,\"\u05d3\u05bc\":5,\"\u20ac\":6,\"\ud83d\ude00\":7}}",
        "9c89b3d32d1a5b0e76a513d76eb6418c");
  }

  /** {@code record Tagged(Set<String> tags)}. */
  private record Tagged(Set<String> tags) {
    static void write(CanonicalJson json, Tagged value) {
      json.beginObject();
      json.member("tags").set(value.tags(), CanonicalJson::string);
      json.endObject();
    }
  }

  @Test
  void setElementsAreSortedAndOnesEqualInNfcKeptOnce() {
    Set<String> tags = new LinkedHashSet<>(List.of("e\u0301", "b", "\u00e9", "a"));
    assertVector(new Tagged(tags), Tagged::write, "{\"tags\":[\"a\",\"b\",\"é\"]}", "0b8eee63de7b52087c67607fa9d4a502");
  }

  @Test
  void mapKeysThatAreOneInNfcAreInvalid() {
    Map<String, Integer> m = new LinkedHashMap<>();
    m.put("e\u0301", 1);
    m.put("\u00e9", 2);
    assertThatThrownBy(() -> CanonicalJson.write("Attributes", new Attributes(m), Attributes::write))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessage("Attributes.m[1] [duplicate-member]: has two keys that are one in NFC");
  }

  @Test
  void aNullNamesItsPathAndNeverAValue() {
    List<Line> lines = new ArrayList<>();
    lines.add(new Line("A-1", 1));
    lines.add(new Line(null, 1));
    Order order = new Order(lines, new Customer("c-1", Tier.GOLD));
    assertThatThrownBy(() -> CanonicalJson.write("Order", order, Order::write))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessage("Order.lines[1].sku [null]: is null; only an absent Optional member may be left out");
    assertThatThrownBy(() -> CanonicalJson.write("Placed", new Placed("o-1", null, "t"), Placed::write))
        .hasMessage("Placed.note [null]: is null; an absent value is Optional.empty()");
    assertThatThrownBy(() -> CanonicalJson.write("Escapes", new Escapes("secret\ud800"), Escapes::write))
        .hasMessage("Escapes.s [unpaired-surrogate]: has an unpaired UTF-16 surrogate at index 6, so it is no Unicode text");
  }

  private static <T> void assertVector(T value, CanonicalJson.ValueWriter<T> writer, String json, String fingerprint) {
    String written = CanonicalJson.write(value.getClass().getSimpleName(), value, writer);
    assertThat(written).isEqualTo(json);
    assertThat(CanonicalJson.fingerprint(written)).isEqualTo(fingerprint);
  }
}
