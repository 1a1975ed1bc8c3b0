package dev.lockkey.format;

import dev.lockkey.KeySecret;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.Collection;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * The canonicalisation and escaping of one identity field, with its modifiers, as
 * {@code docs/KEY-FORMAT.md} defines them. Generated code calls it in two steps: {@code text(..)}
 * turns a value into canonical text (rejecting invalid values), {@code segment(..)} escapes it or
 * replaces it by its digest. Every failure is a {@link dev.lockkey.InvalidKeyException} naming
 * the spec, this field and the rule. Immutable and thread-safe.
 */
public final class FieldFormat {

  private FieldFormat() {
    throw new UnsupportedOperationException("TODO");
  }

  /** The field's name. */
  public String name() {
    throw new UnsupportedOperationException("TODO");
  }

  /** NFC, stripped unless {@code @Verbatim}, lowercased if {@code @CaseInsensitive}; blank, null, unpaired surrogates and {@code @MaxLength} overruns are invalid. */
  public String text(String value) {
    throw new UnsupportedOperationException("TODO");
  }

  /** {@code Long.toString}; for the primitive integral types. */
  public String text(long value) {
    throw new UnsupportedOperationException("TODO");
  }

  /** {@code Long.toString}; for {@code Byte}, {@code Short}, {@code Integer}, {@code Long}; null is invalid. */
  public String text(Number value) {
    throw new UnsupportedOperationException("TODO");
  }

  /** {@code true} / {@code false}. */
  public String text(boolean value) {
    throw new UnsupportedOperationException("TODO");
  }

  /** {@code true} / {@code false}; null is invalid. */
  public String text(Boolean value) {
    throw new UnsupportedOperationException("TODO");
  }

  /** Lowercase {@code toString()}; null is invalid. */
  public String text(UUID value) {
    throw new UnsupportedOperationException("TODO");
  }

  /** {@code name()}; null is invalid. */
  public String text(Enum<?> value) {
    throw new UnsupportedOperationException("TODO");
  }

  /** {@code stripTrailingZeros().toPlainString()}; null is invalid. */
  public String text(BigDecimal value) {
    throw new UnsupportedOperationException("TODO");
  }

  /** ISO {@code yyyy-MM-dd}; null is invalid. */
  public String text(LocalDate value) {
    throw new UnsupportedOperationException("TODO");
  }

  /** ISO {@code yyyy-MM}; null is invalid. */
  public String text(YearMonth value) {
    throw new UnsupportedOperationException("TODO");
  }

  /** The start of the value's {@code @Window}, UTC {@code yyyyMMdd'T'HHmmss'Z'}; null is invalid. */
  public String text(Instant value) {
    throw new UnsupportedOperationException("TODO");
  }

  /** The canonical value of a {@code BigDecimal} field: {@code stripTrailingZeros()}; null is invalid. */
  public BigDecimal decimal(BigDecimal value) {
    throw new UnsupportedOperationException("TODO");
  }

  /** The canonical value of an {@code Instant} field: the start of its {@code @Window}; null is invalid. */
  public Instant windowStart(Instant value) {
    throw new UnsupportedOperationException("TODO");
  }

  /**
   * The canonical text of an optional field, or {@code null} when it is absent (empty, or a
   * blank string). A null {@code Optional} itself is invalid.
   */
  public <T> String optionalText(Optional<? extends T> value, Function<? super T, String> text) {
    throw new UnsupportedOperationException("TODO");
  }

  /**
   * The finished segment of a collection field: each element's canonical text escaped, sorted if
   * {@code @Unordered}, joined with {@code ,}. Null, empty, or a null element is invalid.
   */
  public <T> String collectionSegment(Collection<? extends T> values, Function<? super T, String> text) {
    throw new UnsupportedOperationException("TODO");
  }

  /**
   * The segment for canonical text: escaped, or its SHA-256 digest if {@code @Hashed}; ""
   * for {@code null} (an absent optional). Not for {@code @Secret} fields.
   */
  public String segment(String text) {
    throw new UnsupportedOperationException("TODO");
  }

  /** The segment of a {@code @Secret} field: the HMAC digest of its text; "" for {@code null}. */
  public String segment(KeySecret secret, String text) {
    throw new UnsupportedOperationException("TODO");
  }

  /** The segment of a {@code @Hashed byte[]} field: the SHA-256 digest of the bytes; null is invalid. */
  public String digest(byte[] raw) {
    throw new UnsupportedOperationException("TODO");
  }

  /** The segment of a {@code @Secret byte[]} field: the HMAC digest of the bytes; null is invalid. */
  public String digest(KeySecret secret, byte[] raw) {
    throw new UnsupportedOperationException("TODO");
  }
}
