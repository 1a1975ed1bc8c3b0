package dev.lockkey.processor;

import java.util.List;

/**
 * A parameter's type as generated code writes it, with its type arguments: plain data, so that
 * the guard model holds no javac type.
 */
sealed interface TypeShape {

  /** A primitive type by its keyword, e.g. {@code long}. */
  record Primitive(String keyword) implements TypeShape {}

  /**
   * A class or interface, possibly parameterised.
   *
   * @param packageName e.g. {@code java.util}, or "" for the unnamed package
   * @param simpleNames from the outermost class inwards, e.g. {@code [Map, Entry]}
   * @param arguments the type arguments, empty for an erased or non-generic type
   */
  record Declared(String packageName, List<String> simpleNames, List<TypeShape> arguments) implements TypeShape {
    public Declared {
      simpleNames = List.copyOf(simpleNames);
      arguments = List.copyOf(arguments);
    }

    /** The qualified name, e.g. {@code java.util.Map.Entry}. */
    String qualifiedName() {
      String nested = String.join(".", simpleNames);
      return packageName.isEmpty() ? nested : packageName + "." + nested;
    }
  }

  /** An array of {@code component}. */
  record Array(TypeShape component) implements TypeShape {}

  /**
   * A wildcard type argument: {@code ?}, {@code ? extends bound} or {@code ? super bound}.
   *
   * @param bound {@code null} for {@code ?}
   */
  record Wildcard(TypeShape bound, boolean lower) implements TypeShape {}
}
