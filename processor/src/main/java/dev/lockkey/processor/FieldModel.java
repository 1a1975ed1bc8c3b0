package dev.lockkey.processor;

/**
 * One valid identity field of a spec.
 *
 * @param name the field's name in the layout, the descriptor and the builder, e.g. {@code orderId}
 * @param accessor the spec's method that returns the field, e.g. {@code orderId}, or
 *     {@code getOrderId} for a Kotlin property ({@link PropertyNames})
 * @param declaredType the accessor's return type as javac prints it, e.g. {@code java.util.Set<java.lang.String>}
 * @param type the supported shape of that type
 * @param modifiers the field annotations, all fitting {@code type}
 */
record FieldModel(String name, String accessor, String declaredType, FieldType type, FieldModifiers modifiers) {

  /** Whether the field may be absent ({@code Optional}). */
  boolean optional() {
    return type.container() == Container.OPTIONAL;
  }
}
