package dev.lockkey.processor;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.TypeName;

/**
 * The generated code of one identity field: its types, and how its value becomes a canonical
 * value and a segment by calls to its {@code FieldFormat} constant. Which call fits which field
 * is decided here only.
 */
final class FieldCode {
  private final FieldModel field;
  private final String constant;
  private final String variable;
  private final String fingerprint;

  /**
   * @param constant the name of the field's {@code FieldFormat} constant, e.g. {@code ORDER_ID}
   * @param variable the field's name as a variable: the private field holding the canonical
   *     value, the parameter of the factory and the constructor, the builder's field; the
   *     field's name unless that clashes with another name of the key class
   * @param fingerprint for a record field, the private field holding the record's fingerprint,
   *     e.g. {@code requestFingerprint}; else {@code null}
   */
  FieldCode(FieldModel field, String constant, String variable, String fingerprint) {
    this.field = field;
    this.constant = constant;
    this.variable = variable;
    this.fingerprint = fingerprint;
  }

  /** Whether the field is a {@code @Hashed} record, which the key keeps with its fingerprint. */
  static boolean isRecord(FieldModel field) {
    return field.type().kind() == ScalarKind.RECORD;
  }

  /**
   * Whether the field's value goes into the body as it is: a primitive integral or boolean value
   * without a digest, whose canonical text is what Java's string concatenation prints for it
   * ({@code Long.toString}, {@code true}/{@code false}) and needs no escaping. Such a field has no
   * {@code FieldFormat} constant: nothing about its value can be invalid.
   */
  boolean printsItself() {
    FieldType type = field.type();
    return type.container() == Container.NONE
        && type.scalar() instanceof TypeRef.Primitive
        && (type.kind() == ScalarKind.INTEGRAL || type.kind() == ScalarKind.BOOLEAN)
        && !field.modifiers().digest();
  }

  /** The canonical value and the segment of a field, as the constructor computes them. */
  record Canonicalisation(CodeBlock statements, CodeBlock segment) {}

  FieldModel field() {
    return field;
  }

  /** The field's name, e.g. {@code orderId}: the builder's setter and the template's placeholder. */
  String name() {
    return field.name();
  }

  /** The spec's method that returns the field, e.g. {@code orderId}, or {@code getOrderId} in Kotlin. */
  String accessor() {
    return field.accessor();
  }

  String constant() {
    return constant;
  }

  String variable() {
    return variable;
  }

  /** The private field holding a record field's fingerprint, or {@code null} for other fields. */
  String fingerprint() {
    return fingerprint;
  }

  /** The type as the spec declares it: the accessor's return type and the factory's parameter type. */
  TypeName declaredType() {
    return GeneratedTypes.declared(field.type());
  }

  /** The type of the private field: the declared type, or {@code String} for a {@code byte[]} digest. */
  TypeName storedType() {
    return field.type().kind() == ScalarKind.BYTES ? GeneratedTypes.STRING : declaredType();
  }

  /** The type a builder's setter takes: the scalar for an optional field, else the declared type. */
  TypeName setterType() {
    return field.optional() ? GeneratedTypes.scalar(field.type()) : declaredType();
  }

  /** {@code FieldDescriptor.of("phone", "java.lang.String").withSecret()} for the {@code SPEC} constant. */
  CodeBlock descriptor() {
    FieldModifiers modifiers = field.modifiers();
    CodeBlock.Builder code = CodeBlock.builder()
        .add("$T.of($S, $S)", GeneratedTypes.FIELD_DESCRIPTOR, field.name(), field.declaredType());
    if (modifiers.hashed()) {
      code.add(".withHashed()");
    }
    if (modifiers.secret()) {
      code.add(".withSecret()");
    }
    if (modifiers.unordered()) {
      code.add(".withUnordered()");
    }
    if (modifiers.caseInsensitive()) {
      code.add(".withCaseInsensitive()");
    }
    if (modifiers.verbatim()) {
      code.add(".withVerbatim()");
    }
    if (modifiers.maxLength() != null) {
      code.add(".withMaxLength($L)", modifiers.maxLength());
    }
    if (modifiers.window() != null) {
      code.add(".withWindow($T.of($LL, $T.$L))", GeneratedTypes.DURATION, modifiers.window().size(),
          GeneratedTypes.CHRONO_UNIT, modifiers.window().unit());
    }
    return code.build();
  }

  /**
   * Statements that validate the parameter and assign the canonical value to the private field,
   * and the expression of the finished segment. Every invalid value fails in a
   * {@code FieldFormat} call, before anything else can fail.
   *
   * @param secret the name of the {@code KeySecret} parameter
   * @param locals allocates names of local variables, clear of the parameters
   */
  Canonicalisation canonicalisation(String secret, NameAllocator locals) {
    return switch (field.type().container()) {
      case NONE -> single(secret);
      case OPTIONAL -> optional(secret, locals.newName(variable + "Text"));
      case LIST, SET, COLLECTION -> collection(locals.newName(variable + "Segment"));
    };
  }

  private Canonicalisation single(String secret) {
    FieldModifiers modifiers = field.modifiers();
    CodeBlock value = CodeBlock.of("this.$N", variable);
    switch (field.type().kind()) {
      case RECORD:
        ClassName writer = GeneratedTypes.className(
            GeneratedNames.fingerprintClass((TypeRef.Declared) field.type().scalar()));
        CodeBlock digest = CodeBlock.builder()
            .addStatement("this.$N = $N.fingerprint($N, $T::canonicalJson)", fingerprint, constant, variable, writer)
            .build();
        return assign(digest, CodeBlock.of("$N", variable), CodeBlock.of("this.$N", fingerprint));
      case STRING:
        CodeBlock text = CodeBlock.of("$N.text($N)", constant, variable);
        if (modifiers.secret()) {
          return assign(CodeBlock.of("$N.segment($N, $L)", constant, secret, text), value);
        }
        if (modifiers.hashed()) {
          return assign(CodeBlock.of("$N.segment($L)", constant, text), value);
        }
        return assign(text, CodeBlock.of("$N.segment($L)", constant, value));
      case BYTES:
        return modifiers.secret()
            ? assign(CodeBlock.of("$N.digest($N, $N)", constant, secret, variable), value)
            : assign(CodeBlock.of("$N.digest($N)", constant, variable), value);
      case DECIMAL:
        return assign(CodeBlock.of("$N.decimal($N)", constant, variable), textSegment(value));
      case INSTANT:
        return assign(CodeBlock.of("$N.windowStart($N)", constant, variable), textSegment(value));
      default:
        return assign(CodeBlock.of("$N", variable), printsItself() ? value : textSegment(value));
    }
  }

  private Canonicalisation optional(String secret, String text) {
    FieldModifiers modifiers = field.modifiers();
    CodeBlock statement = CodeBlock.of("$T $N = $N.optionalText($N, $N::text);\n",
        GeneratedTypes.STRING, text, constant, variable, constant);
    CodeBlock textSegment = CodeBlock.of("$N.segment($N)", constant, text);
    switch (field.type().kind()) {
      case STRING:
        if (!modifiers.digest()) {
          return assign(statement, CodeBlock.of("$T.ofNullable($N)", GeneratedTypes.OPTIONAL, text), textSegment);
        }
        CodeBlock digest = modifiers.secret()
            ? CodeBlock.of("$N.segment($N, $N)", constant, secret, text)
            : textSegment;
        CodeBlock value = CodeBlock.of("$N == null ? $T.empty() : $T.of($L)",
            text, GeneratedTypes.OPTIONAL, GeneratedTypes.OPTIONAL, digest);
        return assign(statement, value, CodeBlock.of("this.$N.orElse($S)", variable, ""));
      case DECIMAL:
        return assign(statement, CodeBlock.of("$N.map($N::decimal)", variable, constant), textSegment);
      case INSTANT:
        return assign(statement, CodeBlock.of("$N.map($N::windowStart)", variable, constant), textSegment);
      default:
        return assign(statement, CodeBlock.of("$N", variable), textSegment);
    }
  }

  private Canonicalisation collection(String segment) {
    boolean set = field.type().container() == Container.SET;
    CodeBlock statement = CodeBlock.of("$T $N = $N.$N($N, $N::text);\n",
        GeneratedTypes.STRING, segment, constant, set ? "setSegment" : "collectionSegment", variable, constant);
    ClassName copy = set ? GeneratedTypes.SET : GeneratedTypes.LIST;
    return assign(statement, CodeBlock.of("$T.copyOf($N)", copy, variable), CodeBlock.of("$N", segment));
  }

  private CodeBlock textSegment(CodeBlock value) {
    return CodeBlock.of("$N.segment($N.text($L))", constant, constant, value);
  }

  private Canonicalisation assign(CodeBlock value, CodeBlock segment) {
    return assign(CodeBlock.of(""), value, segment);
  }

  private Canonicalisation assign(CodeBlock before, CodeBlock value, CodeBlock segment) {
    return new Canonicalisation(
        CodeBlock.builder().add(before).addStatement("this.$N = $L", variable, value).build(), segment);
  }

  /** The accessor's body: the canonical value, or a fresh copy of a {@code byte[]} field's digest. */
  CodeBlock accessorBody() {
    return field.type().kind() == ScalarKind.BYTES
        ? CodeBlock.of("return $T.of().parseHex($N);\n", GeneratedTypes.HEX_FORMAT, variable)
        : CodeBlock.of("return $N;\n", variable);
  }

  /**
   * The accessor's Javadoc where the key returns something other than the value it was given
   * (a canonical form, a copy or a digest), else {@code null}: then the spec's Javadoc is inherited.
   */
  String accessorJavadoc() {
    FieldModifiers modifiers = field.modifiers();
    String code = "{@code " + name() + "}";
    String absent = field.optional() ? ", empty when absent" : "";
    if (isRecord(field)) {
      return code + " as given; the key's segment is its fingerprint, the digest of its\ncanonical JSON.\n";
    }
    if (modifiers.digest()) {
      String digest = modifiers.secret() ? "HMAC-SHA256 digest, keyed by the KeySecret," : "SHA-256 digest";
      return field.type().kind() == ScalarKind.BYTES
          ? "The first 16 bytes of the " + digest + " of " + code + ",\nin a new array on each call: the key"
              + " keeps only the digest.\n"
          : "The " + digest + " of " + code + "'s canonical text,\nas 32 hex digits" + absent
              + ": the key keeps only the digest.\n";
    }
    if (field.type().container().isCollection()) {
      return "An immutable copy of " + code + ".\n";
    }
    return switch (field.type().kind()) {
      case STRING -> code + " as canonical text" + absent + ".\n";
      case DECIMAL -> code + " without trailing zeros" + absent + ".\n";
      case INSTANT -> "The start of " + code + "'s window" + absent + ".\n";
      default -> null;
    };
  }
}
