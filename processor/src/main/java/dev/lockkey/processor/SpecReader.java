package dev.lockkey.processor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Turns a {@code @LockKeySpec} element into a {@link SpecModel}, or reports every independent
 * reason why it cannot, each at its element, and returns nothing. The spec's name and fields come
 * from its {@link SpecShape}, as the guard processor sees them; the rules themselves are in
 * {@link SpecValidator} and {@link Layout}; this class gathers what they judge from javac.
 *
 * <p>A super-interface may contribute default and static methods, but an abstract method
 * inherited and not implemented in the spec is an error: the fields and their order must be
 * visible in the spec.
 */
final class SpecReader {
  private final Elements elements;
  private final Types types;
  private final KeySpaces keySpaces;
  private final RecordReader records;
  private final TypeRefs typeRefs;
  private final SpecShapeReader shapes;

  SpecReader(Elements elements, Types types, KeySpaces keySpaces) {
    this.elements = elements;
    this.types = types;
    this.keySpaces = keySpaces;
    this.records = new RecordReader(elements, types);
    this.typeRefs = new TypeRefs(elements, types);
    this.shapes = new SpecShapeReader(typeRefs);
  }

  /**
   * What the spec's model needs and javac cannot resolve yet, as written: another processor may
   * generate it in a later round. Only the annotation's attributes, the super-interfaces and the
   * identity fields' types count; static, default and private methods may mention anything, the
   * generated key class included (e.g. {@code static RefundKey of(Refund refund)}), because the
   * key class does not depend on them.
   */
  List<String> unresolved(TypeElement spec) {
    List<String> unresolved = new ArrayList<>();
    AnnotationMirror annotation = Annotations.find(spec, Names.LOCK_KEY_SPEC);
    if (annotation != null) {
      annotation.getElementValues().forEach((attribute, value) -> {
        if (Annotations.erroneous(value)) {
          unresolved.add("the value of @LockKeySpec's " + attribute.getSimpleName());
        }
      });
    }
    spec.getInterfaces().forEach(type -> collectErrors(type, unresolved));
    SpecShapeReader.accessors(spec).forEach(method -> collectErrors(method.getReturnType(), unresolved));
    return unresolved;
  }

  private static void collectErrors(TypeMirror type, List<String> errors) {
    switch (type.getKind()) {
      case ERROR -> errors.add(type.toString());
      case ARRAY -> collectErrors(((ArrayType) type).getComponentType(), errors);
      case DECLARED -> ((DeclaredType) type).getTypeArguments().forEach(argument -> collectErrors(argument, errors));
      default -> { } // primitives, type variables and wildcards name nothing to wait for
    }
  }

  /** The spec's model, or empty when it has errors (all of them reported). */
  Optional<SpecModel> read(TypeElement spec, Reporter reporter) {
    if (spec.getKind() != ElementKind.INTERFACE) {
      reporter.report(spec, Problem.onAnnotation(
          Names.LOCK_KEY_SPEC, Message.NOT_INTERFACE, spec.getSimpleName(), describe(spec.getKind())));
      return Optional.empty();
    }
    SpecShape shape = shapes.read(spec);
    String keyName = shape.keyClass().simpleNames().get(0);
    checkDeclaration(spec, keyName, reporter);

    List<ExecutableElement> accessors = SpecShapeReader.accessors(spec);
    boolean oneResource = Annotations.has(spec, Names.ONE_RESOURCE);
    if (accessors.isEmpty() && !oneResource) {
      reporter.report(spec, Message.NO_IDENTITY_FIELD, spec.getSimpleName());
    } else if (!accessors.isEmpty() && oneResource) {
      reporter.report(spec, Message.ONE_RESOURCE_WITH_FIELDS, spec.getSimpleName(),
          accessors.stream().map(accessor -> accessor.getSimpleName() + "()").collect(Collectors.joining(", ")));
    }
    List<String> fieldNames = shape.accessors().stream().map(SpecShape.Accessor::field).toList();
    Optional<Header> header = readHeader(spec, fieldNames, reporter);
    List<FieldModel> fields = new ArrayList<>();
    Map<String, RecordModel> fingerprinted = new LinkedHashMap<>();
    for (int i = 0; i < accessors.size(); i++) {
      readField(accessors.get(i), shape.accessors().get(i), fingerprinted, reporter).ifPresent(fields::add);
    }

    if (reporter.hadError() || header.isEmpty() || fields.size() != accessors.size()) {
      return Optional.empty(); // a field or attribute javac itself rejects leaves no error of ours
    }
    Header valid = header.get();
    return Optional.of(new SpecModel(
        shape.spec(), keyName, valid.domain(), valid.action(), valid.version(), valid.layout(), fields,
        List.copyOf(fingerprinted.values())));
  }

  /** The attributes of {@code @LockKeySpec}, checked, with the layout they give. */
  private record Header(String domain, String action, int version, String layout) {}

  private Optional<Header> readHeader(TypeElement spec, List<String> fieldNames, Reporter reporter) {
    Attributes values = Attributes.of(elements, Annotations.find(spec, Names.LOCK_KEY_SPEC));
    if (!(values.get("domain") instanceof String domain)
        || !(values.get("action") instanceof String action)
        || !(values.get("version") instanceof Integer version)
        || !(values.get("template") instanceof String template)) {
      return Optional.empty(); // an attribute javac could not evaluate; javac reports it
    }
    List<Problem> problems = new ArrayList<>(SpecValidator.header(domain, action, version));
    String layout = Layout.defaultLayout(domain, action, version, fieldNames);
    if (!template.isEmpty()) {
      Layout.Result result = Layout.fromTemplate(template, version, fieldNames);
      problems.addAll(result.problems());
      layout = result.layout();
    }
    if (problems.stream().noneMatch(Problem::isError)) {
      String name = spec.getQualifiedName().toString();
      keySpaces.claim(domain, action, version, name).ifPresent(owner -> problems.add(Problem.onAnnotation(
          Names.LOCK_KEY_SPEC, Message.DUPLICATE_KEY_SPACE, name, domain, action, version, owner)));
    }
    problems.forEach(problem -> reporter.report(spec, problem));
    return Optional.of(new Header(domain, action, version, layout));
  }

  /** Type-level rules: not generic, implementable from its package, no inherited fields, free key name. */
  private void checkDeclaration(TypeElement spec, String keyName, Reporter reporter) {
    if (!spec.getTypeParameters().isEmpty()) {
      reporter.report(spec, Message.GENERIC_SPEC, spec.getSimpleName(), join(spec.getTypeParameters()));
    }
    inaccessibility(spec).ifPresent(why -> reporter.report(
        spec, Message.INACCESSIBLE_SPEC, spec.getSimpleName(), why, keyName));
    List<ExecutableElement> own = ElementFilter.methodsIn(spec.getEnclosedElements());
    for (ExecutableElement inherited : ElementFilter.methodsIn(elements.getAllMembers(spec))) {
      if (inherited.getEnclosingElement().equals(spec)
          || !inherited.getModifiers().contains(Modifier.ABSTRACT)
          || own.stream().anyMatch(method -> elements.overrides(method, inherited, spec))) {
        continue;
      }
      Element from = inherited.getEnclosingElement();
      reporter.report(spec, Message.INHERITED_FIELD, spec.getSimpleName(), inherited.getSimpleName(),
          from.getSimpleName(), inherited.getSimpleName(), spec.getSimpleName());
    }
    String packageName = elements.getPackageOf(spec).getQualifiedName().toString();
    String keyQualifiedName = packageName.isEmpty() ? keyName : packageName + "." + keyName;
    TypeElement existing = elements.getTypeElement(keyQualifiedName);
    if (existing != null && !isEarlierOutput(existing, spec)) {
      reporter.report(spec, Message.NAME_TAKEN, spec.getSimpleName(), keyQualifiedName);
    }
  }

  /**
   * Why the generated class cannot implement the spec, if it cannot. (Local types need no check:
   * javac does not show them to annotation processors at all.)
   */
  static Optional<String> inaccessibility(TypeElement type) {
    for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
      if (e.getModifiers().contains(Modifier.PRIVATE)) {
        return Optional.of(e == type ? "private" : "nested in private " + e.getSimpleName());
      }
    }
    return Optional.empty();
  }

  /**
   * Whether {@code existing} is this processor's output from an earlier build (a class file
   * on the class path when only the spec is recompiled): it implements the spec and LockKey.
   */
  private boolean isEarlierOutput(TypeElement existing, TypeElement spec) {
    List<? extends TypeMirror> interfaces = existing.getInterfaces();
    return interfaces.stream().anyMatch(type -> types.isSameType(types.erasure(type), types.erasure(spec.asType())))
        && interfaces.stream().anyMatch(type -> nameOf(type).equals(Names.LOCK_KEY));
  }

  /**
   * @param shape the accessor's names, whose field name differs from its own for a Kotlin property;
   *     messages name the accessor, the method the user sees in the spec or its kapt stub
   * @param fingerprinted where the models of a {@code @Hashed} record field and its nested records go,
   *     by qualified name
   */
  private Optional<FieldModel> readField(
      ExecutableElement accessor, SpecShape.Accessor shape, Map<String, RecordModel> fingerprinted,
      Reporter reporter) {
    String name = shape.method();
    TypeMirror returnType = accessor.getReturnType();
    List<Problem> problems = new ArrayList<>();
    if (!accessor.getParameters().isEmpty()) {
      String parameters = accessor.getParameters().stream()
          .map(parameter -> parameter.asType().toString())
          .collect(Collectors.joining(", ", name + "(", ")"));
      problems.add(Problem.onElement(Message.ACCESSOR_PARAMETERS, parameters));
    }
    FieldType type = null;
    if (!accessor.getTypeParameters().isEmpty()) {
      problems.add(Problem.onElement(Message.ACCESSOR_TYPE_PARAMETERS, name, join(accessor.getTypeParameters())));
    } else if (returnType.getKind() == TypeKind.VOID) {
      problems.add(Problem.onElement(Message.ACCESSOR_VOID, name, name));
    } else {
      type = readType(name, returnType, problems);
    }
    FieldModifiers modifiers = readModifiers(accessor);
    problems.addAll(SpecValidator.field(name, type, shape.type(), modifiers));
    if (type != null && type.kind() == ScalarKind.RECORD && problems.stream().noneMatch(Problem::isError)) {
      Optional<List<RecordModel>> models = records.read((TypeElement) types.asElement(returnType), problems);
      if (models.isEmpty()) {
        type = null; // a member type javac could not resolve; javac reports it
      } else {
        models.get().forEach(model -> fingerprinted.putIfAbsent(model.qualifiedFingerprintName(), model));
      }
    }
    problems.forEach(problem -> reporter.report(accessor, problem));
    if (type == null || problems.stream().anyMatch(Problem::isError)) {
      return Optional.empty();
    }
    return Optional.of(new FieldModel(shape.field(), name, shape.type(), type, modifiers));
  }

  /** The field's type shape, or {@code null} with the reason added to {@code problems}. */
  private FieldType readType(String name, TypeMirror type, List<Problem> problems) {
    if (type.getKind() == TypeKind.ARRAY) {
      if (((ArrayType) type).getComponentType().getKind() == TypeKind.BYTE) {
        return new FieldType(ScalarKind.BYTES, new TypeRef.Primitive("byte"), Container.NONE);
      }
      problems.add(Problem.onElement(Message.UNSUPPORTED_TYPE, name, type));
      return null;
    }
    Container container = type.getKind() == TypeKind.DECLARED
        ? SpecValidator.CONTAINERS.get(nameOf(type))
        : null;
    if (container == null) {
      return scalar(name, type, type, problems).orElse(null);
    }
    List<? extends TypeMirror> arguments = ((DeclaredType) type).getTypeArguments();
    String simpleName = Names.simpleName(nameOf(type));
    if (arguments.isEmpty()) {
      problems.add(Problem.onElement(Message.RAW_TYPE, name, type, simpleName));
      return null;
    }
    TypeMirror element = arguments.get(0);
    if (element.getKind() == TypeKind.WILDCARD) {
      problems.add(Problem.onElement(Message.WILDCARD_TYPE, name, type, simpleName));
      return null;
    }
    return scalar(name, element, type, problems)
        .map(scalar -> new FieldType(scalar.kind(), scalar.scalar(), container))
        .orElse(null);
  }

  /**
   * {@code type} as a scalar field type, or empty with the reason added to {@code problems}.
   *
   * @param declared the field's whole type: {@code type} itself, or the container holding it
   */
  private Optional<FieldType> scalar(String name, TypeMirror type, TypeMirror declared, List<Problem> problems) {
    if (type.getKind() == TypeKind.ERROR || type.getKind() == TypeKind.TYPEVAR) {
      return Optional.empty(); // javac reports the unknown type; a type variable is a generic spec's error
    }
    if (type.getKind().isPrimitive()) {
      ScalarKind kind = SpecValidator.SCALARS.get(type.toString());
      if (kind != null) {
        return Optional.of(new FieldType(kind, new TypeRef.Primitive(type.toString()), Container.NONE));
      }
      problems.add(Problem.onElement(SpecValidator.unsupported(type.toString()), name, declared));
      return Optional.empty();
    }
    if (type.getKind() != TypeKind.DECLARED) {
      Message message = type == declared ? Message.UNSUPPORTED_TYPE : Message.NESTED_TYPE;
      problems.add(Problem.onElement(message, name, declared));
      return Optional.empty();
    }
    TypeElement element = (TypeElement) types.asElement(type);
    ScalarKind kind = switch (element.getKind()) {
      case ENUM -> ScalarKind.ENUM;
      case RECORD -> ScalarKind.RECORD;
      default -> SpecValidator.SCALARS.get(element.getQualifiedName().toString());
    };
    if (kind == null) {
      problems.add(Problem.onElement(SpecValidator.unsupported(element.getQualifiedName().toString()), name, declared));
      return Optional.empty();
    }
    if (kind == ScalarKind.ENUM && inaccessibility(element).isPresent()) {
      problems.add(Problem.onElement(Message.INACCESSIBLE_TYPE, name, declared));
      return Optional.empty();
    }
    return Optional.of(new FieldType(kind, typeRefs.declared(element), Container.NONE));
  }

  private FieldModifiers readModifiers(ExecutableElement accessor) {
    AnnotationMirror maxLength = Annotations.find(accessor, Names.MAX_LENGTH);
    AnnotationMirror window = Annotations.find(accessor, Names.WINDOW);
    return new FieldModifiers(
        Annotations.has(accessor, Names.HASHED),
        Annotations.has(accessor, Names.SECRET),
        Annotations.has(accessor, Names.UNORDERED),
        Annotations.has(accessor, Names.CASE_INSENSITIVE),
        Annotations.has(accessor, Names.VERBATIM),
        maxLength == null || !(Attributes.of(elements, maxLength).get("value") instanceof Integer limit) ? null : limit,
        window == null ? null : readWindow(window));
  }

  /** The window, or {@code null} when javac could not evaluate its attributes (and reports that). */
  private WindowSize readWindow(AnnotationMirror window) {
    Attributes values = Attributes.of(elements, window);
    if (values.get("size") instanceof Long size && values.get("unit") instanceof String unit) {
      return new WindowSize(size, unit);
    }
    return null;
  }

  private String nameOf(TypeMirror type) {
    Element element = types.asElement(type);
    return element instanceof TypeElement typeElement ? typeElement.getQualifiedName().toString() : "";
  }

  private static String join(List<? extends Element> elements) {
    return elements.stream().map(e -> e.getSimpleName().toString()).collect(Collectors.joining(", "));
  }

  private static String describe(ElementKind kind) {
    return switch (kind) {
      case CLASS -> "a class";
      case ENUM -> "an enum";
      case RECORD -> "a record";
      case ANNOTATION_TYPE -> "an annotation type";
      default -> "a " + kind.name().toLowerCase(Locale.ROOT);
    };
  }
}
