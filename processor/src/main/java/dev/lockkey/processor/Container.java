package dev.lockkey.processor;

/** What holds a field's scalar value(s). */
enum Container {
  /** The value itself. */
  NONE,
  /** {@code Optional<T>}: the field may be absent. */
  OPTIONAL,
  LIST,
  SET,
  COLLECTION;

  /** Whether the field holds several values joined into one segment. */
  boolean isCollection() {
    return this == LIST || this == SET || this == COLLECTION;
  }
}
