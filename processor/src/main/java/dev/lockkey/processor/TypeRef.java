package dev.lockkey.processor;

import java.util.List;

/**
 * A Java type as generated code names it, without javac's or JavaPoet's types, so that the model
 * stays plain data.
 */
sealed interface TypeRef {

  /** A primitive type by its keyword, e.g. {@code long}. */
  record Primitive(String keyword) implements TypeRef {}

  /**
   * A class or interface.
   *
   * @param packageName e.g. {@code com.acme}, or "" for the unnamed package
   * @param simpleNames from the outermost class inwards, e.g. {@code [Order, Status]}
   */
  record Declared(String packageName, List<String> simpleNames) implements TypeRef {
    public Declared {
      simpleNames = List.copyOf(simpleNames);
    }
  }
}
