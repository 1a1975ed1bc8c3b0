package dev.lockkey.observe;

import java.util.List;
import java.util.Objects;

/**
 * One identity field of a {@link DecodedKey}, as the body holds it: canonical text (unescaped),
 * or only a digest for {@code @Hashed} and {@code @Secret} fields, whose values never reach Redis.
 *
 * @param name the field's name, e.g. {@code orderId}
 * @param type the field's declared type, e.g. {@code long} or {@code java.util.Set<java.lang.Long>}
 * @param form what {@link #values()} holds
 * @param values the canonical text (one), the elements' canonical texts (a collection, in key
 *     order), the digest's 32 hex digits (one), or nothing (an absent optional)
 */
public record DecodedField(String name, String type, Form form, List<String> values) {

  /** What a field's segment holds. */
  public enum Form {
    /** The canonical text of the value, e.g. {@code t42} or {@code 2026-04-13}. */
    TEXT,
    /** The canonical texts of a collection's elements (sorted for {@code @Unordered}). */
    ELEMENTS,
    /** An empty {@code Optional}. */
    ABSENT,
    /** The first 128 bits of SHA-256 of a {@code @Hashed} value, which the key does not hold. */
    SHA256,
    /** The first 128 bits of HMAC-SHA256 of a {@code @Secret} value, which the key does not hold. */
    HMAC
  }

  /**
   * Checks that the name, type and form are given, and copies the values.
   *
   * @param name the field's name, e.g. {@code orderId}
   * @param type the field's declared type, e.g. {@code long} or {@code java.util.Set<java.lang.Long>}
   * @param form what {@link #values()} holds
   * @param values the canonical text (one), the elements' canonical texts (a collection, in key order),
   *     the digest's 32 hex digits (one), or nothing (an absent optional)
   */
  public DecodedField {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(form, "form");
    values = List.copyOf(values);
  }

  /**
   * The one value of a {@link Form#TEXT} field, or the hex of a digest.
   *
   * @return the one value of a {@code Form#TEXT} field, or the hex of a digest
   */
  public String value() {
    if (values.size() != 1) {
      throw new IllegalStateException(name + " is " + form + ", not a single value: " + display());
    }
    return values.get(0);
  }

  /**
   * The field for people: {@code t42}, {@code [1001, 9008]}, {@code (absent)},
   * {@code sha256:2cf24dba5fb0a30e26e83b2ac5b9e29e} or {@code hmac:4aceeec2f7abf01475a1207fc3cfd8dc}.
   *
   * @return the field for people
   */
  public String display() {
    return switch (form) {
      case TEXT -> values.get(0);
      case ELEMENTS -> values.toString();
      case ABSENT -> "(absent)";
      case SHA256 -> "sha256:" + values.get(0);
      case HMAC -> "hmac:" + values.get(0);
    };
  }
}
