package dev.lockkey.processor;

import java.util.List;

/**
 * A Java type as generated code names it, with its type arguments, without javac's or JavaPoet's
 * types, so that the models of specs and of guarded methods stay plain data.
 */
sealed interface TypeRef {

  /** A primitive type by its keyword, e.g. {@code long}, or {@code void} as a method's result. */
  record Primitive(String keyword) implements TypeRef {}

  /**
   * A class or interface, possibly parameterised.
   *
   * @param packageName e.g. {@code com.acme}, or "" for the unnamed package
   * @param simpleNames from the outermost class inwards, e.g. {@code [Order, Status]}
   * @param arguments the type arguments, empty for an erased or non-generic type
   */
  record Declared(String packageName, List<String> simpleNames, List<TypeRef> arguments) implements TypeRef {
    public Declared {
      simpleNames = List.copyOf(simpleNames);
      arguments = List.copyOf(arguments);
    }

    /** A class without type arguments. */
    Declared(String packageName, List<String> simpleNames) {
      this(packageName, simpleNames, List.of());
    }

    /** The qualified name, e.g. {@code com.acme.Order.Status}. */
    String qualifiedName() {
      String nested = String.join(".", simpleNames);
      return packageName.isEmpty() ? nested : packageName + "." + nested;
    }

    /** A top-level class named {@code simpleName} in this type's package. */
    Declared sibling(String simpleName) {
      return new Declared(packageName, List.of(simpleName));
    }
  }

  /** An array of {@code component}. */
  record Array(TypeRef component) implements TypeRef {}

  /**
   * A wildcard type argument: {@code ?}, {@code ? extends bound} or {@code ? super bound}.
   *
   * @param bound {@code null} for {@code ?}
   */
  record Wildcard(TypeRef bound, boolean lower) implements TypeRef {}
}
