package dev.lockkey.processor;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import java.util.Map;

/** JavaPoet names of the runtime and JDK types that generated code uses, and of model types. */
final class GeneratedTypes {
  static final ClassName LOCK_KEY = ClassName.bestGuess(Names.LOCK_KEY);
  static final ClassName SPEC_DESCRIPTOR = ClassName.bestGuess(Names.SPEC_DESCRIPTOR);
  static final ClassName FIELD_DESCRIPTOR = ClassName.bestGuess(Names.FIELD_DESCRIPTOR);
  static final ClassName KEY_SECRET = ClassName.bestGuess(Names.KEY_SECRET);
  static final ClassName INVALID_KEY_EXCEPTION = ClassName.bestGuess(Names.INVALID_KEY_EXCEPTION);
  static final ClassName KEY_FORMAT = ClassName.bestGuess(Names.KEY_FORMAT);
  static final ClassName FIELD_FORMAT = ClassName.bestGuess(Names.FIELD_FORMAT);
  static final ClassName CANONICAL_JSON = ClassName.bestGuess(Names.CANONICAL_JSON);
  static final ClassName GENERATED = ClassName.bestGuess(Names.GENERATED);

  static final ClassName STRING = ClassName.get("java.lang", "String");
  static final ClassName OBJECT = ClassName.get("java.lang", "Object");
  static final ClassName OBJECTS = ClassName.get("java.util", "Objects");
  static final ClassName OPTIONAL = ClassName.get("java.util", "Optional");
  static final ClassName LIST = ClassName.get("java.util", "List");
  static final ClassName SET = ClassName.get("java.util", "Set");
  static final ClassName COLLECTION = ClassName.get("java.util", "Collection");
  static final ClassName HEX_FORMAT = ClassName.get("java.util", "HexFormat");
  static final ClassName DURATION = ClassName.get("java.time", "Duration");
  static final ClassName CHRONO_UNIT = ClassName.get("java.time.temporal", "ChronoUnit");

  private static final Map<String, TypeName> PRIMITIVES = Map.of(
      "byte", TypeName.BYTE,
      "short", TypeName.SHORT,
      "int", TypeName.INT,
      "long", TypeName.LONG,
      "boolean", TypeName.BOOLEAN);

  private GeneratedTypes() {}

  /** The class named by {@code type}. */
  static ClassName className(TypeRef.Declared type) {
    String outermost = type.simpleNames().get(0);
    String[] nested = type.simpleNames().subList(1, type.simpleNames().size()).toArray(String[]::new);
    return ClassName.get(type.packageName(), outermost, nested);
  }

  /** The scalar type of a field, e.g. {@code long} or {@code String}. */
  static TypeName scalar(FieldType type) {
    if (type.kind() == ScalarKind.BYTES) {
      return ArrayTypeName.of(TypeName.BYTE);
    }
    return type.scalar() instanceof TypeRef.Declared declared
        ? className(declared)
        : PRIMITIVES.get(((TypeRef.Primitive) type.scalar()).keyword());
  }

  /** The type as the spec declares it, e.g. {@code Optional<String>}. */
  static TypeName declared(FieldType type) {
    TypeName scalar = scalar(type);
    return switch (type.container()) {
      case NONE -> scalar;
      case OPTIONAL -> ParameterizedTypeName.get(OPTIONAL, scalar);
      case LIST -> ParameterizedTypeName.get(LIST, scalar);
      case SET -> ParameterizedTypeName.get(SET, scalar);
      case COLLECTION -> ParameterizedTypeName.get(COLLECTION, scalar);
    };
  }
}
