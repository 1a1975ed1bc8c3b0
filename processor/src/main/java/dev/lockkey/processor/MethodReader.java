package dev.lockkey.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.PrimitiveType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Turns the guarded methods of one class into a {@link GuardedClassModel}, or reports every
 * independent reason why it cannot and returns nothing. The rules are in {@link MethodValidator};
 * this class gathers what they judge from javac.
 *
 * <p>The spec is read from the {@code TypeElement} of the annotation's class literal, whether it is
 * compiled now or comes from a jar, into the {@link SpecShape} the spec processor reads too: its
 * identity fields and its key class. Whether the spec itself is valid is the spec processor's to
 * report.
 */
final class MethodReader {
  private final Elements elements;
  private final Types types;
  private final TypeRefs typeRefs;
  private final SpecShapeReader shapes;

  MethodReader(Elements elements, Types types) {
    this.elements = elements;
    this.types = types;
    this.typeRefs = new TypeRefs(elements, types);
    this.shapes = new SpecShapeReader(typeRefs);
  }

  /**
   * Whether a method mentions a type javac cannot resolve yet, e.g. a key class that the spec
   * processor generates in this round: the class waits for the next round.
   */
  boolean awaitsTypes(List<ExecutableElement> methods) {
    for (ExecutableElement method : methods) {
      if (unresolved(method.getReturnType())
          || method.getParameters().stream().anyMatch(parameter -> unresolved(parameter.asType()))) {
        return true;
      }
      for (GuardKind kind : GuardKind.values()) {
        AnnotationMirror guard = Annotations.find(method, kind.annotation());
        if (guard != null && guard.getElementValues().values().stream().anyMatch(Annotations::erroneous)) {
          return true;
        }
      }
    }
    return false;
  }

  /** The class's model, or empty when a method has errors (all of them reported). */
  Optional<GuardedClassModel> read(TypeElement type, List<ExecutableElement> methods, Reporter reporter) {
    List<GuardedMethodModel> models = new ArrayList<>();
    String generatedName = GeneratedNames.guardsClassName(type);
    for (ExecutableElement method : methods) {
      readMethod(type, method, generatedName, reporter).ifPresent(models::add);
    }
    if (reporter.hadError() || models.size() != methods.size()) {
      return Optional.empty();
    }
    return Optional.of(new GuardedClassModel(typeRefs.declared(type), generatedName, models));
  }

  private Optional<GuardedMethodModel> readMethod(TypeElement type, ExecutableElement method, String generatedName,
      Reporter reporter) {
    String name = method.getSimpleName().toString();
    List<GuardKind> kinds = new ArrayList<>();
    for (GuardKind kind : GuardKind.values()) {
      if (Annotations.has(method, kind.annotation())) {
        kinds.add(kind);
      }
    }
    if (kinds.size() > 1) {
      reporter.report(method, Problem.onElement(
          GuardMessage.TWO_GUARDS, name, kinds.get(0).display(), kinds.get(1).display()));
      return Optional.empty();
    }
    GuardKind kind = kinds.get(0);
    AnnotationMirror guard = Annotations.find(method, kind.annotation());
    List<Problem> problems = new ArrayList<>();
    checkInterceptable(type, method, generatedName, problems);

    Attributes values = Attributes.of(elements, guard);
    TypeElement spec = values.get("value") instanceof DeclaredType specType
        ? (TypeElement) specType.asElement()
        : null;
    if (spec == null || spec.getKind() != ElementKind.INTERFACE || !Annotations.has(spec, Names.LOCK_KEY_SPEC)) {
      problems.add(values.onValue("value", GuardMessage.NOT_A_SPEC,
          kind.display(), spec == null ? values.get("value") : spec.getQualifiedName(), kind.display()));
      problems.forEach(problem -> reporter.report(method, problem));
      return Optional.empty();
    }
    SpecShape shape = shapes.read(spec);
    List<SpecShape.Accessor> fields = shape.fields();
    List<ExecutableElement> accessors = SpecShapeReader.accessors(spec);
    List<MethodValidator.ParameterFacts> parameters = new ArrayList<>();
    for (int i = 0; i < method.getParameters().size(); i++) {
      parameters.add(parameterFacts(i, method.getParameters().get(i), spec, shape, accessors));
    }
    String specName = spec.getSimpleName().toString();
    KeySource source = MethodValidator.bind(kind.annotation(), specName, name, fields, parameters, problems);
    int lease = MethodValidator.lease(kind, parameters, problems);
    GuardOptions options = switch (kind) {
      case LOCKED -> MethodValidator.lock(values, problems);
      case SINGLE_FLIGHTED -> flightOptions(type, method, values, problems);
      case RATE_LIMITED -> MethodValidator.rate(values, shape.windowed(), specName, problems);
      case IDEMPOTENT -> idempotentOptions(type, method, values, parameters, problems);
      case SCHEDULED_JOB -> MethodValidator.job(name, method.getReturnType().getKind() == TypeKind.VOID,
          method.getReturnType().toString(), values, problems);
      case PERMITTED -> SharedLockOptions.permit(values, problems);
      case READ_LOCKED, WRITE_LOCKED -> MethodValidator.lock(values, problems);
    };
    problems.forEach(problem -> reporter.report(method, problem));
    if (source == null || options == null || !problems.isEmpty()) { // every guard problem is an error
      return Optional.empty();
    }
    return Optional.of(new GuardedMethodModel(
        kind,
        name,
        method.getParameters().stream().map(parameter -> typeRefs.of(types.erasure(parameter.asType()))).toList(),
        keyParameters(method, source),
        source,
        shape.spec(),
        shape.keyClass(),
        fields.stream().map(SpecShape.Accessor::method).toList(),
        shape.secret(),
        lease,
        options));
  }

  /** The parameters that {@code source} builds the key from, in parameter order. */
  private List<GuardedMethodModel.KeyParameter> keyParameters(ExecutableElement method, KeySource source) {
    List<GuardedMethodModel.KeyParameter> keyParameters = new ArrayList<>();
    for (int i = 0; i < method.getParameters().size(); i++) {
      VariableElement parameter = method.getParameters().get(i);
      String name = parameter.getSimpleName().toString();
      boolean used = source instanceof KeySource.Whole whole
          ? whole.parameter().equals(name)
          : ((KeySource.Fields) source).parameters().contains(name);
      if (used) {
        keyParameters.add(new GuardedMethodModel.KeyParameter(i, name, typeRefs.of(parameter.asType())));
      }
    }
    return keyParameters;
  }

  /** A private or static method, or a type the generated class cannot name. */
  private void checkInterceptable(TypeElement type, ExecutableElement method, String generatedName,
      List<Problem> problems) {
    String name = method.getSimpleName().toString();
    for (Modifier modifier : List.of(Modifier.PRIVATE, Modifier.STATIC)) {
      if (method.getModifiers().contains(modifier)) {
        problems.add(Problem.onElement(GuardMessage.NOT_INTERCEPTABLE, name, modifier, modifier));
      }
    }
    List<TypeMirror> named = new ArrayList<>();
    named.add(type.asType());
    method.getParameters().forEach(parameter -> named.add(types.erasure(parameter.asType())));
    for (TypeMirror mirror : named) {
      privateType(mirror).ifPresent(hidden -> problems.add(
          Problem.onElement(GuardMessage.INACCESSIBLE, name, hidden, generatedName)));
    }
  }

  /** The private type (or enclosing type) that {@code mirror} names, if any. */
  private Optional<String> privateType(TypeMirror mirror) {
    TypeMirror type = mirror;
    while (type.getKind() == TypeKind.ARRAY) {
      type = ((ArrayType) type).getComponentType();
    }
    if (type.getKind() != TypeKind.DECLARED) {
      return Optional.empty();
    }
    for (Element e = types.asElement(type); e instanceof TypeElement element; e = e.getEnclosingElement()) {
      if (element.getModifiers().contains(Modifier.PRIVATE)) {
        return Optional.of(element.getQualifiedName().toString());
      }
    }
    return Optional.empty();
  }

  /** The single flight's options: a codec of the user's that fits the result type, or a built-in one. */
  private GuardOptions flightOptions(TypeElement type, ExecutableElement method, Attributes values,
      List<Problem> problems) {
    TypeMirror result = method.getReturnType();
    Optional<TypeRef.Declared> codec = codec(type, method, values, problems);
    if (codec.isPresent()) {
      return MethodValidator.flight(values, codec.get(), false, problems);
    }
    boolean bytes = result.getKind() == TypeKind.ARRAY
        && ((ArrayType) result).getComponentType().getKind() == TypeKind.BYTE;
    if (!bytes && !qualifiedName(result).equals(String.class.getName())) {
      problems.add(Problem.onElement(GuardMessage.FLIGHT_RESULT, method.getSimpleName(), result, boxed(result)));
    }
    return MethodValidator.flight(values, null, bytes, problems);
  }

  /**
   * The idempotent call's options: the payload, a codec of the user's that fits the result type
   * (else the invoker finds one by the result's class, which a generic type defeats), the final
   * failures.
   */
  private GuardOptions idempotentOptions(TypeElement type, ExecutableElement method, Attributes values,
      List<MethodValidator.ParameterFacts> parameters, List<Problem> problems) {
    TypeMirror result = method.getReturnType();
    Optional<TypeRef.Declared> codec = codec(type, method, values, problems);
    if (codec.isEmpty() && hasTypeArguments(result)) {
      problems.add(Problem.onElement(GuardMessage.IDEMPOTENT_RESULT, method.getSimpleName(), result, result));
    }
    MethodValidator.ParameterFacts payload = MethodValidator.payload(
        method.getSimpleName().toString(), parameters, problems);
    GuardOptions.Payload checked = null;
    if (payload != null) {
      TypeRef.Declared record = typeRefs.declared((TypeElement) types.asElement(
          method.getParameters().get(payload.index()).asType()));
      checked = new GuardOptions.Payload(payload.index(), record, GeneratedNames.fingerprintClass(record));
    }
    List<TypeRef.Declared> finalFailures = new ArrayList<>();
    if (values.get("finalFailures") instanceof List<?> failures) {
      for (Object failure : failures) {
        if (failure instanceof AnnotationValue value && value.getValue() instanceof DeclaredType failureType) {
          finalFailures.add(typeRefs.declared((TypeElement) failureType.asElement()));
          if (!thrown(method, failureType)) {
            String name = failureType.asElement().getSimpleName().toString();
            problems.add(values.onValue("finalFailures", GuardMessage.FINAL_NEVER_THROWN,
                name, method.getSimpleName(), name));
          }
        }
      }
    }
    TypeRef resultType = result.getKind() == TypeKind.VOID
        ? new TypeRef.Primitive("void")
        : typeRefs.of(types.erasure(result));
    return MethodValidator.idempotent(values, resultType, codec.orElse(null), finalFailures, checked, problems);
  }

  /**
   * The user's codec class, when the annotation names one (problems added when it stores no result
   * of the method's type, or generated code cannot create it); empty for {@code Void.class}.
   */
  private Optional<TypeRef.Declared> codec(TypeElement type, ExecutableElement method, Attributes values,
      List<Problem> problems) {
    if (!(values.get("codec") instanceof DeclaredType codecType)
        || qualifiedName(codecType).equals(Void.class.getName())) {
      return Optional.empty();
    }
    TypeMirror result = method.getReturnType();
    TypeMirror boxed = boxed(result);
    TypeElement codec = (TypeElement) codecType.asElement();
    Optional<TypeMirror> handled = codecArgument(codecType);
    if (result.getKind() == TypeKind.VOID || handled.isEmpty() || !types.isSameType(handled.get(), boxed)) {
      problems.add(values.onValue("codec", GuardMessage.CODEC_TYPE,
          codec.getSimpleName(), boxed, method.getSimpleName(), result));
    }
    uncreatable(codec, type).ifPresent(why -> problems.add(values.onValue("codec",
        GuardMessage.CODEC_CONSTRUCTOR, codec.getSimpleName(), why)));
    return Optional.of(typeRefs.declared(codec));
  }

  /** Whether {@code method} can throw {@code failure}: unchecked, or a subtype of a declared exception. */
  private boolean thrown(ExecutableElement method, TypeMirror failure) {
    TypeMirror runtime = elements.getTypeElement(RuntimeException.class.getName()).asType();
    return types.isSubtype(failure, runtime)
        || method.getThrownTypes().stream().anyMatch(declared -> types.isSubtype(failure, declared));
  }

  private TypeMirror boxed(TypeMirror type) {
    return type.getKind().isPrimitive() ? types.boxedClass((PrimitiveType) type).asType() : type;
  }

  private static boolean hasTypeArguments(TypeMirror type) {
    return type.getKind() == TypeKind.ARRAY
        ? hasTypeArguments(((ArrayType) type).getComponentType())
        : type.getKind() == TypeKind.DECLARED && !((DeclaredType) type).getTypeArguments().isEmpty();
  }

  /** The {@code T} of the {@code ResultCodec<T>} that {@code type} implements, if it names one. */
  private Optional<TypeMirror> codecArgument(TypeMirror type) {
    for (TypeMirror supertype : types.directSupertypes(type)) {
      if (qualifiedName(supertype).equals(GuardNames.RESULT_CODEC)) {
        List<? extends TypeMirror> arguments = ((DeclaredType) supertype).getTypeArguments();
        return arguments.isEmpty() ? Optional.empty() : Optional.of(arguments.get(0));
      }
      Optional<TypeMirror> inherited = codecArgument(supertype);
      if (inherited.isPresent()) {
        return inherited;
      }
    }
    return Optional.empty();
  }

  /** Why generated code in {@code user}'s package cannot write {@code new Codec()}, if it cannot. */
  private Optional<String> uncreatable(TypeElement codec, TypeElement user) {
    if (codec.getKind() != ElementKind.CLASS || codec.getModifiers().contains(Modifier.ABSTRACT)) {
      return Optional.of("it is not a concrete class");
    }
    if (codec.getNestingKind().isNested() && !codec.getModifiers().contains(Modifier.STATIC)) {
      return Optional.of("it is an inner class, which needs an enclosing instance");
    }
    if (privateType(codec.asType()).isPresent()) {
      return Optional.of("it is private or nested in a private class");
    }
    boolean samePackage = elements.getPackageOf(codec).equals(elements.getPackageOf(user));
    boolean visible = ElementFilter.constructorsIn(codec.getEnclosedElements()).stream()
        .filter(constructor -> constructor.getParameters().isEmpty())
        .anyMatch(constructor -> constructor.getModifiers().contains(Modifier.PUBLIC)
            || (samePackage && !constructor.getModifiers().contains(Modifier.PRIVATE)));
    return visible && (samePackage || codec.getModifiers().contains(Modifier.PUBLIC))
        ? Optional.empty()
        : Optional.of("it has no no-argument constructor that " + user.getSimpleName() + "'s package can call");
  }

  /**
   * @param shape the shape of {@code spec}
   * @param accessors the elements of its accessors, in the order of {@code shape.accessors()}
   */
  private MethodValidator.ParameterFacts parameterFacts(int index, VariableElement parameter, TypeElement spec,
      SpecShape shape, List<ExecutableElement> accessors) {
    String name = parameter.getSimpleName().toString();
    TypeMirror type = parameter.asType();
    AnnotationMirror keyField = Annotations.find(parameter, GuardNames.KEY_FIELD);
    String field = keyField == null ? null : (String) Attributes.of(elements, keyField).get("value");
    boolean lease = type.getKind() == TypeKind.DECLARED && qualifiedName(type).equals(GuardNames.LEASE);
    boolean token = type.getKind() == TypeKind.DECLARED && qualifiedName(type).equals(GuardNames.FENCING_TOKEN);
    MethodValidator.Payload payload = MethodValidator.Payload.NONE;
    if (type.getKind() == TypeKind.DECLARED && types.asElement(type).getKind() == ElementKind.RECORD) {
      payload = Annotations.has(types.asElement(type), Names.FINGERPRINTED)
          ? MethodValidator.Payload.FINGERPRINTED
          : MethodValidator.Payload.RECORD;
    }
    KeySource.Form whole = null;
    if (type.getKind() == TypeKind.DECLARED && types.isAssignable(types.erasure(type), types.erasure(spec.asType()))) {
      String qualified = qualifiedName(type);
      whole = qualified.contentEquals(spec.getQualifiedName()) ? KeySource.Form.SPEC
          : qualified.equals(shape.keyClass().qualifiedName()) ? KeySource.Form.KEY
          : KeySource.Form.IMPLEMENTATION;
    }
    String candidate = field != null ? field : name;
    int named = shape.accessors().stream().map(accessor -> accessor.parameterless() ? accessor.field() : null)
        .toList().indexOf(candidate);
    boolean fits = named >= 0 && types.isAssignable(type, accessors.get(named).getReturnType());
    return new MethodValidator.ParameterFacts(
        index, name, type.toString(), field, whole, lease, token, payload, fits, hasTypeVariable(type));
  }

  private String qualifiedName(TypeMirror type) {
    return types.asElement(type) instanceof TypeElement element ? element.getQualifiedName().toString() : "";
  }

  private static boolean hasTypeVariable(TypeMirror type) {
    return switch (type.getKind()) {
      case TYPEVAR -> true;
      case ARRAY -> hasTypeVariable(((ArrayType) type).getComponentType());
      case DECLARED -> ((DeclaredType) type).getTypeArguments().stream().anyMatch(MethodReader::hasTypeVariable);
      case WILDCARD -> {
        WildcardType wildcard = (WildcardType) type;
        yield (wildcard.getExtendsBound() != null && hasTypeVariable(wildcard.getExtendsBound()))
            || (wildcard.getSuperBound() != null && hasTypeVariable(wildcard.getSuperBound()));
      }
      default -> false;
    };
  }

  private static boolean unresolved(TypeMirror type) {
    return switch (type.getKind()) {
      case ERROR -> true;
      case ARRAY -> unresolved(((ArrayType) type).getComponentType());
      case DECLARED -> ((DeclaredType) type).getTypeArguments().stream().anyMatch(MethodReader::unresolved);
      default -> false;
    };
  }
}
