package dev.lockkey.format;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.InvalidKeyException;
import dev.lockkey.KeySecret;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.Arrays;
import java.util.Collection;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

/**
 * The canonicalisation and escaping of one identity field, with its modifiers, as
 * {@code docs/KEY-FORMAT.md} defines them. Generated code calls it in two steps: {@code text(..)}
 * turns a value into canonical text (rejecting invalid values), {@code segment(..)} escapes it or
 * replaces it by its digest. Every failure is a {@link dev.lockkey.InvalidKeyException} naming
 * the spec, this field and the rule. Immutable and thread-safe.
 *
 * <p>Messages never contain the value, only what is wrong with it (its length, the index of a bad
 * code point): a value may be personal data, and a {@code @Secret} one must never be shown.
 * Calling a method that does not fit the field's modifiers (e.g. {@link #segment(String)} on a
 * {@code @Secret} field) is a programming error and throws {@link IllegalStateException}.
 */
public final class FieldFormat {
  private static final Duration SHORTEST_WINDOW = Duration.ofSeconds(1);

  private final String spec;
  private final String name;
  private final boolean hashed;
  private final boolean secret;
  private final boolean unordered;
  private final boolean caseInsensitive;
  private final boolean verbatim;
  private final int maxLength;
  /** The {@code @Window} in milliseconds, or 0 when the field has none. */
  private final long windowMillis;

  /**
   * @param spec the spec's simple name, for messages
   * @throws IllegalArgumentException when the modifiers contradict each other or the window is
   *     shorter than a second (its start is rendered to the second, so shorter windows would share
   *     one text)
   */
  FieldFormat(String spec, FieldDescriptor field) {
    this.spec = spec;
    this.name = field.name();
    this.hashed = field.hashed();
    this.secret = field.secret();
    this.unordered = field.unordered();
    this.caseInsensitive = field.caseInsensitive();
    this.verbatim = field.verbatim();
    this.maxLength = field.maxLength();
    this.windowMillis = field.window() == null ? 0 : windowMillis(field.window());
    if (hashed && secret) {
      throw new IllegalArgumentException(spec + "." + name + " is both @Hashed and @Secret; choose one");
    }
  }

  private long windowMillis(Duration window) {
    if (window.compareTo(SHORTEST_WINDOW) < 0) {
      throw new IllegalArgumentException(
          spec + "." + name + ": @Window must be at least 1 second, its start is rendered to the second; was " + window);
    }
    try {
      return window.toMillis();
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(spec + "." + name + ": @Window " + window + " is too long", e);
    }
  }

  /**
   * The field's name.
   *
   * @return the field's name
   */
  public String name() {
    return name;
  }

  /**
   * NFC, stripped of white space at both ends unless {@code @Verbatim}, then if
   * {@code @CaseInsensitive} Unicode full case folding and NFC again; blank, null, unpaired
   * surrogates and {@code @MaxLength} overruns are invalid. White space is every code point that
   * {@code Character.isWhitespace} or {@code Character.isSpaceChar}, plus U+200B and U+FEFF.
   *
   * @param value the field's value
   * @return the canonical text
   */
  public String text(String value) {
    requirePresent(value);
    String text;
    if (isVisibleAscii(value)) {
      // The common case, decided in one scan: visible ASCII is NFC, has no white space to strip and
      // is not blank, and folds to visible ASCII, which needs no normalising again.
      text = caseInsensitive ? CaseFolding.fold(value) : value;
    } else {
      text = normalized(value);
      if (!verbatim) {
        text = WhiteSpace.strip(text);
      }
      if (WhiteSpace.isBlank(text)) {
        throw invalid(Rules.BLANK, "is blank (empty or only white space); a key needs a value");
      }
      if (caseInsensitive) {
        text = normalized(CaseFolding.fold(text)); // folding may undo NFC, e.g. J + caron, or decompose
      }
    }
    if (maxLength > 0 && text.length() > maxLength) {
      int codePoints = text.codePointCount(0, text.length());
      if (codePoints > maxLength) {
        throw invalid(Rules.MAX_LENGTH, "has " + codePoints + " code points, more than @MaxLength(" + maxLength + ") allows");
      }
    }
    return text;
  }

  /**
   * Whether {@code text} is canonical text of this {@code String} field: what {@link #text(String)}
   * returns for some value. Canonical text is a fixed point of {@code text(..)}, so this is
   * whether {@code text(text)} gives it back; for decoding stored keys.
   *
   * @param text the text to check
   * @return whether {@code text} is canonical text of this {@code String} field
   */
  public boolean isCanonicalText(String text) {
    try {
      return text(text).equals(text);
    } catch (InvalidKeyException notEvenValid) {
      return false;
    }
  }

  /**
   * {@code Long.toString}; for the primitive integral types.
   *
   * @param value the value
   * @return the canonical text
   */
  public String text(long value) {
    return Long.toString(value);
  }

  /**
   * {@code Long.toString}; for {@code Byte}, {@code Short}, {@code Integer}, {@code Long}; null is invalid.
   *
   * @param value the value
   * @return the canonical text
   * @throws IllegalArgumentException when {@code value} is another kind of number, which would
   *     lose its fraction or magnitude
   */
  public String text(Number value) {
    requirePresent(value);
    if (!(value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte)) {
      throw new IllegalArgumentException(
          spec + "." + name + ": text(Number) takes Byte, Short, Integer or Long, not " + value.getClass().getName());
    }
    return Long.toString(value.longValue());
  }

  /**
   * {@code true} / {@code false}.
   *
   * @param value the value
   * @return the canonical text
   */
  public String text(boolean value) {
    return Boolean.toString(value);
  }

  /**
   * {@code true} / {@code false}; null is invalid.
   *
   * @param value the value
   * @return the canonical text
   */
  public String text(Boolean value) {
    requirePresent(value);
    return value.toString();
  }

  /**
   * Lowercase {@code toString()}; null is invalid.
   *
   * @param value the value
   * @return the canonical text
   */
  public String text(UUID value) {
    requirePresent(value);
    return value.toString();
  }

  /**
   * {@code name()}; null is invalid.
   *
   * @param value the value
   * @return the canonical text
   */
  public String text(Enum<?> value) {
    requirePresent(value);
    return value.name();
  }

  /**
   * {@code stripTrailingZeros().toPlainString()}; null is invalid, and so is a number whose plain
   * text would be longer than a whole body (e.g. {@code 1E+999999999}), which is rejected before
   * that text is built.
   *
   * @param value the value
   * @return the canonical text
   */
  public String text(BigDecimal value) {
    BigDecimal canonical = decimal(value);
    long plainLength = plainLength(canonical);
    if (plainLength > KeyFormat.MAX_BODY_BYTES) {
      throw invalid(Rules.TOO_LONG, "has " + plainLength + " characters in plain notation, more than a key can hold ("
          + KeyFormat.MAX_BODY_BYTES + " bytes)");
    }
    return canonical.toPlainString();
  }

  /** The length of {@code toPlainString()}, computed without building it. */
  private static long plainLength(BigDecimal value) {
    long digits = value.precision();
    long scale = value.scale();
    long sign = value.signum() < 0 ? 1 : 0;
    if (scale <= 0) {
      return sign + digits - scale; // the digits, then -scale zeros
    }
    return sign + (scale >= digits ? scale + 2 : digits + 1); // "0." and zeros, or a point inside
  }

  /**
   * ISO {@code yyyy-MM-dd}; null is invalid.
   *
   * @param value the value
   * @return the canonical text
   */
  public String text(LocalDate value) {
    requirePresent(value);
    return value.toString();
  }

  /**
   * ISO {@code yyyy-MM}; null is invalid.
   *
   * @param value the value
   * @return the canonical text
   */
  public String text(YearMonth value) {
    requirePresent(value);
    return value.toString();
  }

  /**
   * The start of the value's {@code @Window}, UTC {@code yyyyMMdd'T'HHmmss'Z'}; null is invalid,
   * and so is a start outside the years 0000 to 9999 (rule {@code out-of-range}).
   *
   * @param value the value
   * @return the canonical text
   */
  public String text(Instant value) {
    return WindowTimestamp.format(windowStart(value));
  }

  /**
   * The canonical value of a {@code BigDecimal} field: {@code stripTrailingZeros()}; null is invalid.
   *
   * @param value the value
   * @return the canonical value of a {@code BigDecimal} field
   */
  public BigDecimal decimal(BigDecimal value) {
    requirePresent(value);
    return value.stripTrailingZeros();
  }

  /**
   * The canonical value of an {@code Instant} field: the start of its {@code @Window}, aligned to
   * the epoch ({@code floorDiv} of the epoch milliseconds, so instants before 1970 align too);
   * null is invalid, and so is a start outside the years 0000 to 9999 (rule {@code out-of-range}).
   *
   * @param value the value
   * @return the canonical value of an {@code Instant} field
   * @throws IllegalStateException when the field has no {@code @Window}
   */
  public Instant windowStart(Instant value) {
    if (windowMillis == 0) {
      throw new IllegalStateException(spec + "." + name + " has no @Window");
    }
    requirePresent(value);
    if (WindowTimestamp.inRange(value)) {
      Instant start = Instant.ofEpochMilli(Math.floorDiv(value.toEpochMilli(), windowMillis) * windowMillis);
      if (WindowTimestamp.inRange(start)) {
        return start;
      }
    }
    throw invalid(Rules.OUT_OF_RANGE, "has a window start outside the years 0000 to 9999 (UTC)");
  }

  /**
   * The canonical text of an optional field, or {@code null} when it is absent (empty, or a
   * blank string). A null {@code Optional} itself is invalid.
   *
   * @param <T> the type of the optional value
   * @param value the field's value
   * @param text the canonical text of a present value
   * @return the canonical text of an optional field, or {@code null} when it is absent (empty, or a blank string)
   */
  public <T> String optionalText(Optional<? extends T> value, Function<? super T, String> text) {
    if (value == null) {
      throw invalid(Rules.NULL, "is an Optional and was null; pass Optional.empty() for an absent value");
    }
    if (value.isEmpty()) {
      return null;
    }
    T present = value.get();
    if (present instanceof String string && WhiteSpace.isBlank(string)) {
      return null;
    }
    return text.apply(present);
  }

  /**
   * The finished segment of a {@code List} or {@code Collection} field: each element's canonical
   * text escaped, sorted if {@code @Unordered} (a sorted multiset: duplicates stay), joined with
   * {@code ,}. Null, empty, or a null element is invalid.
   *
   * @param <T> the type of the elements
   * @param values the field's elements
   * @param text the canonical text of one element
   * @return the finished segment of a {@code List} or {@code Collection} field
   * @throws IllegalStateException when the field is {@code @Hashed} or {@code @Secret}, which
   *     collections do not take
   */
  public <T> String collectionSegment(Collection<? extends T> values, Function<? super T, String> text) {
    String[] escaped = escapedElements(values, text);
    if (unordered) {
      Arrays.sort(escaped); // String.compareTo, as the contract says
    }
    return escaped.length == 1 ? escaped[0] : String.join(",", escaped);
  }

  /**
   * The finished segment of a {@code Set} field: each element's canonical text escaped, sorted,
   * and without the duplicates that canonicalisation made equal (a case-insensitive
   * {@code {ACC-1, acc-1}} is one element), joined with {@code ,}. Null, empty, or a null element
   * is invalid.
   *
   * @param <T> the type of the elements
   * @param values the field's elements
   * @param text the canonical text of one element
   * @return the finished segment of a {@code Set} field
   * @throws IllegalStateException when the field is not {@code @Unordered} (a set's iteration order
   *     is not part of its value), or is {@code @Hashed} or {@code @Secret}
   */
  public <T> String setSegment(Set<? extends T> values, Function<? super T, String> text) {
    if (!unordered) {
      throw new IllegalStateException(spec + "." + name + " is a Set without @Unordered; its order is not part of its value");
    }
    String[] escaped = escapedElements(values, text);
    Arrays.sort(escaped);
    int distinct = 0;
    for (String element : escaped) {
      if (distinct == 0 || !element.equals(escaped[distinct - 1])) {
        escaped[distinct++] = element;
      }
    }
    return distinct == 1 ? escaped[0] : String.join(",", Arrays.asList(escaped).subList(0, distinct));
  }

  /** Each element's canonical text, escaped, in iteration order. */
  private <T> String[] escapedElements(Collection<? extends T> values, Function<? super T, String> text) {
    if (hashed || secret) {
      throw new IllegalStateException(spec + "." + name + " is a digest field; collections cannot be @Hashed or @Secret");
    }
    if (values == null) {
      throw invalid(Rules.NULL, "is a collection and was null");
    }
    Object[] elements = values.toArray(); // one consistent snapshot, even of a concurrent collection
    if (elements.length == 0) {
      throw invalid(Rules.EMPTY, "is an empty collection; a key needs at least one element");
    }
    String[] escaped = new String[elements.length];
    for (int i = 0; i < elements.length; i++) {
      if (elements[i] == null) {
        throw invalid(Rules.NULL_ELEMENT, "has a null element at position " + i);
      }
      @SuppressWarnings("unchecked") // toArray of a Collection<? extends T> holds only Ts
      T element = (T) elements[i];
      escaped[i] = Escaping.escape(text.apply(element));
    }
    return escaped;
  }

  /**
   * The segment for canonical text: escaped, or its SHA-256 digest if {@code @Hashed}; ""
   * for {@code null} (an absent optional). Not for {@code @Secret} fields.
   *
   * @param text canonical text, or {@code null} for an absent optional
   * @return the segment for canonical text
   * @throws IllegalStateException on a {@code @Secret} field: its digest needs the
   *     {@link KeySecret}, an unkeyed digest of personal data would be guessable
   */
  public String segment(String text) {
    if (secret) {
      throw new IllegalStateException(spec + "." + name + " is @Secret: use segment(KeySecret, String)");
    }
    if (text == null) {
      return "";
    }
    return hashed ? Digests.sha256Hex(text.getBytes(StandardCharsets.UTF_8)) : Escaping.escape(text);
  }

  /**
   * The segment of a {@code @Secret} field: the HMAC digest of its text; "" for {@code null}.
   *
   * @param secret the secret
   * @param text canonical text, or {@code null} for an absent optional
   * @return the segment of a {@code @Secret} field
   * @throws IllegalStateException when the field is not {@code @Secret}
   */
  public String segment(KeySecret secret, String text) {
    requireSecretField(secret);
    return text == null ? "" : Digests.hmacSha256Hex(secret, text.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * The segment of a {@code @Hashed byte[]} field: the SHA-256 digest of the bytes; null is invalid.
   *
   * @param raw the field's bytes
   * @return the segment of a {@code @Hashed byte[]} field
   * @throws IllegalStateException when the field is not {@code @Hashed}
   */
  public String digest(byte[] raw) {
    if (!hashed) {
      throw new IllegalStateException(spec + "." + name + " is not @Hashed"
          + (secret ? ": use digest(KeySecret, byte[])" : ""));
    }
    requirePresent(raw);
    return Digests.sha256Hex(raw);
  }

  /**
   * The segment of a {@code @Secret byte[]} field: the HMAC digest of the bytes; null is invalid.
   *
   * @param secret the secret
   * @param raw the field's bytes
   * @return the segment of a {@code @Secret byte[]} field
   * @throws IllegalStateException when the field is not {@code @Secret}
   */
  public String digest(KeySecret secret, byte[] raw) {
    requireSecretField(secret);
    requirePresent(raw);
    return Digests.hmacSha256Hex(secret, raw);
  }

  /**
   * The segment of a {@code @Hashed} record field: the fingerprint of the record's canonical JSON
   * ({@link CanonicalJson}), as its generated {@code XFingerprint::canonicalJson} writes it.
   *
   * @param <R> the record type
   * @param record the field's value
   * @param canonicalJson writes the record's canonical JSON, e.g. the generated
   *     {@code XFingerprint::canonicalJson}
   * @return the segment: the record's {@link CanonicalJson#fingerprint fingerprint}, 32 lowercase
   *     hex digits
   * @throws InvalidKeyException when the record is null or its JSON cannot be written; the
   *     message names this field and the member inside the record
   * @throws IllegalStateException when the field is not {@code @Hashed}
   */
  public <R> String fingerprint(R record, Function<? super R, String> canonicalJson) {
    if (!hashed) {
      throw new IllegalStateException(spec + "." + name + " is not @Hashed");
    }
    requirePresent(record);
    try {
      return CanonicalJson.fingerprint(canonicalJson.apply(record));
    } catch (InvalidKeyException e) {
      // the same rule and explanation, named from the spec's field down to the member
      String member = e.field() == null ? name : name + "." + e.field();
      String explanation = e.getMessage().substring(e.getMessage().indexOf("]: ") + "]: ".length());
      InvalidKeyException named = new InvalidKeyException(spec, member, e.rule(), explanation);
      named.initCause(e);
      throw named;
    }
  }

  private void requireSecretField(KeySecret secret) {
    if (!this.secret) {
      throw new IllegalStateException(spec + "." + name + " is not @Secret");
    }
    Objects.requireNonNull(secret, "secret");
  }

  private void requirePresent(Object value) {
    if (value == null) {
      throw invalid(Rules.NULL, "is required but was null");
    }
  }

  /** Whether {@code value} is not empty and only {@code !} to {@code ~}: no space, no control. */
  static boolean isVisibleAscii(String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c <= ' ' || c > '~') {
        return false;
      }
    }
    return !value.isEmpty();
  }

  /** {@code value} in NFC; rejects unpaired surrogates, which no normal form can hold. */
  private String normalized(String value) {
    String nfc = Nfc.normalize(value);
    if (nfc == null) {
      throw invalid(Rules.UNPAIRED_SURROGATE, Nfc.unpairedSurrogate(value));
    }
    return nfc;
  }

  private InvalidKeyException invalid(String rule, String explanation) {
    return new InvalidKeyException(spec, name, rule, explanation);
  }
}
