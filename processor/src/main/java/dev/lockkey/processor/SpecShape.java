package dev.lockkey.processor;

import java.util.List;

/**
 * The declaration of a spec as both processors see it, read once by {@link SpecShapeReader}: its
 * name, its key class's, and its identity fields. The spec processor checks it and builds a
 * {@link SpecModel} from it; the guard processor binds a method's parameters to its fields,
 * whether the spec is compiled now or comes from a jar. Plain data.
 *
 * @param spec the spec interface
 * @param keyClass the key class generated for it
 * @param accessors the abstract methods declared in the spec, in declaration order, as
 *     {@link SpecShapeReader#accessors} gives their elements; those with parameters are errors of
 *     the spec's, and no fields
 */
record SpecShape(TypeRef.Declared spec, TypeRef.Declared keyClass, List<Accessor> accessors) {

  SpecShape {
    accessors = List.copyOf(accessors);
  }

  /**
   * One abstract method of the spec.
   *
   * @param method the method's name, e.g. {@code orderId}, or {@code getOrderId} for a Kotlin property
   * @param field the identity field's name in the layout and the builder, e.g. {@code orderId}
   *     ({@link PropertyNames})
   * @param type the return type as javac prints it, e.g. {@code java.util.Set<java.lang.String>}
   * @param parameterless whether it takes no parameters, as an identity field does
   * @param window whether it is {@code @Window}
   * @param secret whether it is {@code @Secret}
   */
  record Accessor(String method, String field, String type, boolean parameterless, boolean window, boolean secret) {}

  /** The identity fields: the parameterless accessors, in declaration order. */
  List<Accessor> fields() {
    return accessors.stream().filter(Accessor::parameterless).toList();
  }

  /** Whether a field is {@code @Window}, so that the key holds the start of a window. */
  boolean windowed() {
    return fields().stream().anyMatch(Accessor::window);
  }

  /** Whether a field is {@code @Secret}, so that the key class's factory takes a {@code KeySecret}. */
  boolean secret() {
    return fields().stream().anyMatch(Accessor::secret);
  }
}
