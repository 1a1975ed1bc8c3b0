package dev.lockkey.processor;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.WildcardTypeName;

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

  private GeneratedTypes() {}

  /** The class named by {@code type}, without its type arguments. */
  static ClassName className(TypeRef.Declared type) {
    String outermost = type.simpleNames().get(0);
    String[] nested = type.simpleNames().subList(1, type.simpleNames().size()).toArray(String[]::new);
    return ClassName.get(type.packageName(), outermost, nested);
  }

  /** The type named by {@code type}, with its type arguments. */
  static TypeName typeName(TypeRef type) {
    if (type instanceof TypeRef.Primitive primitive) {
      return switch (primitive.keyword()) {
        case "boolean" -> TypeName.BOOLEAN;
        case "byte" -> TypeName.BYTE;
        case "short" -> TypeName.SHORT;
        case "int" -> TypeName.INT;
        case "long" -> TypeName.LONG;
        case "char" -> TypeName.CHAR;
        case "void" -> TypeName.VOID;
        case "float" -> TypeName.FLOAT;
        default -> TypeName.DOUBLE;
      };
    }
    if (type instanceof TypeRef.Array array) {
      return ArrayTypeName.of(typeName(array.component()));
    }
    if (type instanceof TypeRef.Wildcard wildcard) {
      if (wildcard.bound() == null) {
        return WildcardTypeName.subtypeOf(Object.class);
      }
      return wildcard.lower()
          ? WildcardTypeName.supertypeOf(typeName(wildcard.bound()))
          : WildcardTypeName.subtypeOf(typeName(wildcard.bound()));
    }
    TypeRef.Declared declared = (TypeRef.Declared) type;
    ClassName raw = className(declared);
    return declared.arguments().isEmpty()
        ? raw
        : ParameterizedTypeName.get(raw, declared.arguments().stream().map(GeneratedTypes::typeName)
            .toArray(TypeName[]::new));
  }

  /** The scalar type of a field, e.g. {@code long} or {@code String}. */
  static TypeName scalar(FieldType type) {
    if (type.kind() == ScalarKind.BYTES) {
      return ArrayTypeName.of(TypeName.BYTE);
    }
    return typeName(type.scalar());
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
