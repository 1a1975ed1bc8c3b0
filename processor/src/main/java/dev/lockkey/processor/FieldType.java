package dev.lockkey.processor;

/**
 * The supported shape of an identity field's type.
 *
 * @param kind what the scalar value is
 * @param scalar the scalar's Java type; for {@link ScalarKind#BYTES} the component type {@code byte}
 * @param container what holds the scalar
 */
record FieldType(ScalarKind kind, TypeRef scalar, Container container) {}
