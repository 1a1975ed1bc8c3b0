package dev.lockkey;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One identity field of a spec and the modifiers that shape its segment. Generated code builds
 * these fluently: {@code FieldDescriptor.of("phone", "java.lang.String").withSecret()}.
 *
 * @param name the accessor's name
 * @param type the declared type as javac prints it, e.g. {@code java.util.Set<java.lang.String>}
 * @param hashed {@link Hashed}
 * @param secret {@link Secret}
 * @param unordered {@link Unordered}
 * @param caseInsensitive {@link CaseInsensitive}
 * @param verbatim {@link Verbatim}
 * @param maxLength {@link MaxLength}, or 0 when unbounded
 * @param window {@link Window} as a duration, or {@code null} when the field has none
 */
public record FieldDescriptor(
    String name,
    String type,
    boolean hashed,
    boolean secret,
    boolean unordered,
    boolean caseInsensitive,
    boolean verbatim,
    int maxLength,
    Duration window) {

  /**
   * Checks that the name and type are given and that the length limit and window are sensible.
   *
   * @param name the accessor's name
   * @param type the declared type as javac prints it, e.g. {@code java.util.Set<java.lang.String>}
   * @param hashed {@link Hashed}
   * @param secret {@link Secret}
   * @param unordered {@link Unordered}
   * @param caseInsensitive {@link CaseInsensitive}
   * @param verbatim {@link Verbatim}
   * @param maxLength {@link MaxLength}, or 0 when unbounded
   * @param window {@link Window} as a duration, or {@code null} when the field has none
   */
  public FieldDescriptor {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    if (maxLength < 0) {
      throw new IllegalArgumentException(name + ": maxLength must not be negative");
    }
    if (window != null && (window.isZero() || window.isNegative())) {
      throw new IllegalArgumentException(name + ": window must be positive");
    }
  }

  /**
   * A field with no modifiers.
   *
   * @param name the field's name
   * @param type the field's type as written in the spec, e.g. {@code String}
   * @return a field with no modifiers
   */
  public static FieldDescriptor of(String name, String type) {
    return new FieldDescriptor(name, type, false, false, false, false, false, 0, null);
  }

  /**
   * This field with {@link Hashed}.
   *
   * @return this field with {@code Hashed}
   */
  public FieldDescriptor withHashed() {
    return new FieldDescriptor(name, type, true, secret, unordered, caseInsensitive, verbatim, maxLength, window);
  }

  /**
   * This field with {@link Secret}.
   *
   * @return this field with {@code Secret}
   */
  public FieldDescriptor withSecret() {
    return new FieldDescriptor(name, type, hashed, true, unordered, caseInsensitive, verbatim, maxLength, window);
  }

  /**
   * This field with {@link Unordered}.
   *
   * @return this field with {@code Unordered}
   */
  public FieldDescriptor withUnordered() {
    return new FieldDescriptor(name, type, hashed, secret, true, caseInsensitive, verbatim, maxLength, window);
  }

  /**
   * This field with {@link CaseInsensitive}.
   *
   * @return this field with {@code CaseInsensitive}
   */
  public FieldDescriptor withCaseInsensitive() {
    return new FieldDescriptor(name, type, hashed, secret, unordered, true, verbatim, maxLength, window);
  }

  /**
   * This field with {@link Verbatim}.
   *
   * @return this field with {@code Verbatim}
   */
  public FieldDescriptor withVerbatim() {
    return new FieldDescriptor(name, type, hashed, secret, unordered, caseInsensitive, true, maxLength, window);
  }

  /**
   * This field with {@link MaxLength}.
   *
   * @param codePoints the largest number of code points, at least 1
   * @return this field with {@code MaxLength}
   */
  public FieldDescriptor withMaxLength(int codePoints) {
    return new FieldDescriptor(name, type, hashed, secret, unordered, caseInsensitive, verbatim, codePoints, window);
  }

  /**
   * This field with {@link Window}.
   *
   * @param size the window length, positive
   * @return this field with {@code Window}
   */
  public FieldDescriptor withWindow(Duration size) {
    return new FieldDescriptor(name, type, hashed, secret, unordered, caseInsensitive, verbatim, maxLength, size);
  }

  /**
   * Whether the segment is a digest ({@link Hashed} or {@link Secret}) rather than the value.
   *
   * @return whether the segment is a digest ({@code Hashed} or {@code Secret}) rather than the value
   */
  public boolean digest() {
    return hashed || secret;
  }

  /**
   * The modifiers as they would be written in source, e.g. {@code [@CaseInsensitive, @MaxLength(64)]}.
   *
   * @return the modifiers as they would be written in source, e.g. {@code [@CaseInsensitive, @MaxLength(64)]}
   */
  public List<String> modifiers() {
    List<String> out = new ArrayList<>();
    if (hashed) out.add("@Hashed");
    if (secret) out.add("@Secret");
    if (unordered) out.add("@Unordered");
    if (caseInsensitive) out.add("@CaseInsensitive");
    if (verbatim) out.add("@Verbatim");
    if (maxLength > 0) out.add("@MaxLength(" + maxLength + ")");
    if (window != null) out.add("@Window(" + window + ")");
    return List.copyOf(out);
  }
}
