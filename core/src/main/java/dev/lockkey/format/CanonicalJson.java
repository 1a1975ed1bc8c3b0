package dev.lockkey.format;

import dev.lockkey.InvalidKeyException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

/**
 * Writes the canonical JSON of a record, which its fingerprint is the digest of. The fingerprint
 * classes that the processor generates call it; it is API for them, so it changes only
 * compatibly. The rules ({@code docs/KEY-FORMAT.md}, "{@code @Hashed} on a record"):
 *
 * <ul>
 *   <li>RFC 8785 (JSON Canonicalization Scheme): no white space, object members sorted by their
 *       names' UTF-16 code units, strings escaped only where JSON requires it ({@code \"},
 *       {@code \\}, {@code \b \t \n \f \r}, other controls as <code>&#92;u00XX</code> in lowercase hex),
 *       everything else written as it is, in UTF-8. The generated writer calls
 *       {@link #member(String)} in sorted order; map keys are sorted here.
 *   <li>Strings in NFC; an unpaired surrogate is invalid. Integers as their exact decimal digits;
 *       {@code BigDecimal} as {@code stripTrailingZeros().toPlainString()}, a JSON number
 *       ({@code 100.00} and {@code 100} are one amount); UUIDs (lowercase), enum names, dates
 *       ({@code 2026-04-13}) and year-months ({@code 2026-04}) as JSON strings.
 *   <li>An absent {@code Optional} member is omitted; a {@code null} anywhere else is invalid.
 *       Set elements are sorted by their canonical JSON (UTF-16 code units), duplicates dropped;
 *       lists keep their order.
 * </ul>
 *
 * <p>Invalid input raises {@link InvalidKeyException} naming the record, the member's path (e.g.
 * {@code items[2].sku}) and the rule, never the value. Not thread-safe: one instance writes one
 * value, inside {@link #write}.
 */
public final class CanonicalJson {
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  /**
   * Writes one value of type {@code T}: a generated {@code XFingerprint::write}, or one of the
   * methods of {@link CanonicalJson} for a scalar.
   *
   * @param <T> the value's type
   */
  @FunctionalInterface
  public interface ValueWriter<T> {
    /**
     * Writes {@code value} to {@code json}; {@code value} is never {@code null}.
     *
     * @param json the writer to write to, positioned where the value goes
     * @param value the value, never {@code null}
     */
    void write(CanonicalJson json, T value);
  }

  private final String root;
  private final StringBuilder out = new StringBuilder();
  /** Where the writer is, for messages: one entry per open object or array element. */
  private final Deque<String> path = new ArrayDeque<>();
  /** Per open object, whether no member has been written yet. */
  private final Deque<Boolean> firstMember = new ArrayDeque<>();

  private CanonicalJson(String root) {
    this.root = root;
  }

  /**
   * The canonical JSON of {@code value}.
   *
   * @param <T> the value's type
   * @param type the value's type as messages name it, e.g. {@code CaptureRequest}
   * @param value the value, usually a record
   * @param writer writes the value, e.g. the record's generated {@code XFingerprint::write}
   * @return the canonical JSON text
   * @throws InvalidKeyException when {@code value}, or anything in it but an absent optional, is
   *     {@code null}, or a string is no Unicode text
   */
  public static <T> String write(String type, T value, ValueWriter<? super T> writer) {
    CanonicalJson json = new CanonicalJson(Objects.requireNonNull(type, "type"));
    json.value(value, writer);
    return json.out.toString();
  }

  /**
   * The fingerprint of canonical JSON: the first 128 bits of SHA-256 over its UTF-8, as 32 lowercase hex digits.
   *
   * @param canonicalJson the text that {@link #write} returned
   * @return the fingerprint, 32 lowercase hex digits
   */
  public static String fingerprint(String canonicalJson) {
    return Digests.sha256Hex(canonicalJson.getBytes(StandardCharsets.UTF_8));
  }

  /** Opens the object of a record; its members follow, then {@link #endObject()}. */
  public void beginObject() {
    out.append('{');
    firstMember.push(true);
    path.push("");
  }

  /** Closes the object opened last. */
  public void endObject() {
    out.append('}');
    firstMember.pop();
    path.pop();
  }

  /**
   * Starts the member {@code name} of the open object; its value follows. Members must come in
   * the order of their names' UTF-16 code units ({@code String.compareTo}), as generated writers
   * call them.
   *
   * @param name the member's name, as the record component is named
   * @return this writer, for the value
   */
  public CanonicalJson member(String name) {
    if (!firstMember.pop()) {
      out.append(',');
    }
    firstMember.push(false);
    at(name);
    quoted(name);
    out.append(':');
    return this;
  }

  /**
   * The member {@code name} with {@code value}'s content, or no member at all when it is empty.
   *
   * @param <T> the content's type
   * @param name the member's name, in sorted order as for {@link #member(String)}
   * @param value the optional; {@code null} is invalid, an empty one writes nothing
   * @param writer writes the content when present
   */
  public <T> void optional(String name, Optional<? extends T> value, ValueWriter<? super T> writer) {
    if (value == null) {
      at(name);
      throw invalid(Rules.NULL, "is null; an absent value is Optional.empty()");
    }
    if (value.isPresent()) {
      member(name);
      writer.write(this, value.get());
    }
  }

  /**
   * A string, in NFC.
   *
   * @param value the string; {@code null} or an unpaired surrogate is invalid
   */
  public void string(String value) {
    quoted(normalized(requirePresent(value)));
  }

  /**
   * An integer as its exact decimal digits.
   *
   * @param value the integer
   */
  public void integral(long value) {
    out.append(value);
  }

  /**
   * A {@code Byte}, {@code Short}, {@code Integer} or {@code Long} as its exact decimal digits.
   *
   * @param value the boxed integer; {@code null} is invalid
   */
  public void integral(Number value) {
    out.append(requirePresent(value).longValue());
  }

  /**
   * {@code true} or {@code false}.
   *
   * @param value the boolean
   */
  public void bool(boolean value) {
    out.append(value);
  }

  /**
   * {@code true} or {@code false}.
   *
   * @param value the boxed boolean; {@code null} is invalid
   */
  public void bool(Boolean value) {
    out.append(requirePresent(value).booleanValue());
  }

  /**
   * A decimal without trailing zeros, in plain notation: {@code 100.00} and {@code 1E+2} give {@code 100}.
   *
   * @param value the decimal; {@code null} is invalid
   */
  public void decimal(BigDecimal value) {
    out.append(requirePresent(value).stripTrailingZeros().toPlainString());
  }

  /**
   * A UUID as a string, lowercase.
   *
   * @param value the UUID; {@code null} is invalid
   */
  public void uuid(UUID value) {
    quoted(requirePresent(value).toString());
  }

  /**
   * An enum constant as a string, its name.
   *
   * @param value the constant; {@code null} is invalid
   */
  public void enumName(Enum<?> value) {
    quoted(requirePresent(value).name());
  }

  /**
   * A date as a string, ISO: {@code 2026-04-13}.
   *
   * @param value the date; {@code null} is invalid
   */
  public void date(LocalDate value) {
    quoted(requirePresent(value).toString());
  }

  /**
   * A year-month as a string, ISO: {@code 2026-04}.
   *
   * @param value the year-month; {@code null} is invalid
   */
  public void yearMonth(YearMonth value) {
    quoted(requirePresent(value).toString());
  }

  /**
   * An array of the elements in their order.
   *
   * @param <T> the element type
   * @param values the list; {@code null}, or a {@code null} element, is invalid
   * @param writer writes each element
   */
  public <T> void list(List<? extends T> values, ValueWriter<? super T> writer) {
    requirePresent(values);
    out.append('[');
    int index = 0;
    for (T element : values) {
      if (index > 0) {
        out.append(',');
      }
      element(index++, element, writer);
    }
    out.append(']');
  }

  /**
   * An array of the distinct elements, sorted by their canonical JSON, so that iteration order does not count.
   *
   * @param <T> the element type
   * @param values the set; {@code null}, or a {@code null} element, is invalid
   * @param writer writes each element
   */
  public <T> void set(Set<? extends T> values, ValueWriter<? super T> writer) {
    requirePresent(values);
    TreeSet<String> elements = new TreeSet<>(); // String order is UTF-16 code unit order
    int index = 0;
    for (T element : values) {
      int start = out.length();
      element(index++, element, writer);
      elements.add(out.substring(start));
      out.setLength(start);
    }
    out.append('[').append(String.join(",", elements)).append(']');
  }

  /**
   * An object with a member per entry, keys in NFC and sorted by their UTF-16 code units, so that
   * the map's iteration order does not count.
   *
   * @param <T> the value type
   * @param values the map; {@code null}, or a {@code null} key or value, is invalid
   * @param writer writes each value
   * @throws InvalidKeyException when two keys are one in NFC
   */
  public <T> void map(Map<String, ? extends T> values, ValueWriter<? super T> writer) {
    requirePresent(values);
    TreeMap<String, String> members = new TreeMap<>();
    int index = 0;
    for (Map.Entry<String, ? extends T> entry : values.entrySet()) {
      path.push("[" + index + "]");
      String name = normalized(requirePresent(entry.getKey()));
      path.pop();
      int start = out.length();
      element(index++, entry.getValue(), writer);
      if (members.put(name, out.substring(start)) != null) {
        path.push("[" + (index - 1) + "]");
        throw invalid(Rules.DUPLICATE_MEMBER, "has two keys that are one in NFC");
      }
      out.setLength(start);
    }
    out.append('{');
    String separator = "";
    for (Map.Entry<String, String> member : members.entrySet()) {
      out.append(separator);
      quoted(member.getKey());
      out.append(':').append(member.getValue());
      separator = ",";
    }
    out.append('}');
  }

  /** Puts the member {@code name} of the open object on the path. */
  private void at(String name) {
    path.pop();
    path.push(path.isEmpty() ? name : "." + name);
  }

  private <T> void element(int index, T element, ValueWriter<? super T> writer) {
    path.push("[" + index + "]");
    value(element, writer);
    path.pop();
  }

  /**
   * {@code value} by {@code writer}, e.g. a nested record by its generated {@code XFingerprint::write}.
   *
   * @param <T> the value's type
   * @param value the value; {@code null} is invalid
   * @param writer writes it
   */
  public <T> void value(T value, ValueWriter<? super T> writer) {
    writer.write(this, requirePresent(value));
  }

  /** {@code text} as a JSON string, escaped as RFC 8785 requires and no further. */
  private void quoted(String text) {
    out.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\b' -> out.append("\\b");
        case '\t' -> out.append("\\t");
        case '\n' -> out.append("\\n");
        case '\f' -> out.append("\\f");
        case '\r' -> out.append("\\r");
        default -> {
          if (c < 0x20) {
            out.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  /** {@code value} in NFC; rejects unpaired surrogates, which no normal form can hold. */
  private String normalized(String value) {
    String nfc = Nfc.normalize(value);
    if (nfc == null) {
      throw invalid(Rules.UNPAIRED_SURROGATE, Nfc.unpairedSurrogate(value));
    }
    return nfc;
  }

  private <T> T requirePresent(T value) {
    if (value == null) {
      throw invalid(Rules.NULL, "is null; only an absent Optional member may be left out");
    }
    return value;
  }

  private InvalidKeyException invalid(String rule, String explanation) {
    StringBuilder where = new StringBuilder();
    path.descendingIterator().forEachRemaining(where::append);
    return new InvalidKeyException(root, where.length() == 0 ? null : where.toString(), rule, explanation);
  }
}
