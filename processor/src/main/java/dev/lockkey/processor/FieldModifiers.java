package dev.lockkey.processor;

/**
 * The field annotations on one identity field, as written.
 *
 * @param maxLength the {@code @MaxLength} value, or {@code null} when absent
 * @param window the {@code @Window}, or {@code null} when absent
 */
record FieldModifiers(
    boolean hashed,
    boolean secret,
    boolean unordered,
    boolean caseInsensitive,
    boolean verbatim,
    Integer maxLength,
    WindowSize window) {

  /** Whether the key keeps only a digest of the value. */
  boolean digest() {
    return hashed || secret;
  }
}
