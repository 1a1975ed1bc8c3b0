package dev.lockkey.processor;

/**
 * What a record member's value is in canonical JSON, as plain data: a scalar, a nested record, or
 * a container of one of them ({@code docs/KEY-FORMAT.md}, "{@code @Hashed} on a record").
 */
sealed interface JsonType {

  /** A scalar written by one {@code CanonicalJson} method, which Java's overloading picks for a primitive or a box. */
  record Scalar(ScalarKind kind) implements JsonType {}

  /** A nested record, written by its own fingerprint class. */
  record Nested(TypeRef.Declared record) implements JsonType {}

  /** A {@code List}: an array in the list's order. */
  record ListOf(JsonType element) implements JsonType {}

  /** A {@code Set}: an array sorted by the elements' canonical JSON. */
  record SetOf(JsonType element) implements JsonType {}

  /** A {@code Map<String, T>}: an object with sorted member names. */
  record MapOf(JsonType value) implements JsonType {}

  /** An {@code Optional}, only as a member's own type: the member is omitted when empty. */
  record OptionalOf(JsonType value) implements JsonType {}
}
