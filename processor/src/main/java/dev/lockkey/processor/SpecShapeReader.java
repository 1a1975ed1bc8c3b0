package dev.lockkey.processor;

import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;

/**
 * Reads the {@link SpecShape} of a {@code @LockKeySpec} interface. The one place of the rule that
 * identity fields are the abstract methods declared in the spec itself, in declaration order
 * (default, static and private methods are not fields), and of how they are named.
 */
final class SpecShapeReader {
  private final TypeRefs typeRefs;

  SpecShapeReader(TypeRefs typeRefs) {
    this.typeRefs = typeRefs;
  }

  /** The abstract methods declared in {@code spec}, in declaration order: its identity fields' accessors. */
  static List<ExecutableElement> accessors(TypeElement spec) {
    return ElementFilter.methodsIn(spec.getEnclosedElements()).stream()
        .filter(method -> method.getModifiers().contains(Modifier.ABSTRACT))
        .toList();
  }

  /** The shape of {@code spec}. */
  SpecShape read(TypeElement spec) {
    boolean kotlin = Annotations.has(spec, PropertyNames.KOTLIN_METADATA);
    List<SpecShape.Accessor> accessors = accessors(spec).stream()
        .map(method -> new SpecShape.Accessor(
            method.getSimpleName().toString(),
            PropertyNames.fieldName(method.getSimpleName().toString(), kotlin),
            method.getReturnType().toString(),
            method.getParameters().isEmpty(),
            Annotations.has(method, Names.WINDOW),
            Annotations.has(method, Names.SECRET)))
        .toList();
    TypeRef.Declared name = typeRefs.declared(spec);
    return new SpecShape(name, GeneratedNames.keyClass(name), accessors);
  }
}
