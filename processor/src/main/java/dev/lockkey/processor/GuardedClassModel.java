package dev.lockkey.processor;

import java.util.List;

/**
 * A class with guarded methods, all valid: the writer turns it into {@code XxxGuards}.
 *
 * @param type the annotated class
 * @param generatedName the generated class's simple name, e.g. {@code PaymentServiceGuards}, in
 *     the class's package
 * @param methods the guarded methods in declaration order
 */
record GuardedClassModel(TypeRef.Declared type, String generatedName, List<GuardedMethodModel> methods) {

  GuardedClassModel {
    methods = List.copyOf(methods);
  }

  /** The generated class's qualified name. */
  String qualifiedGeneratedName() {
    return type.sibling(generatedName).qualifiedName();
  }
}
