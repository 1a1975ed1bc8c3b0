package dev.lockkey.processor;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Turns a record, and every record nested in it, into {@link RecordModel}s for their canonical
 * JSON, or reports why it cannot. Each problem names the record, the member and the rule; the
 * caller decides where it is reported (the {@code @Hashed} field of a spec, or the
 * {@code @Fingerprinted} record).
 */
final class RecordReader {
  private static final String OPTIONAL = "java.util.Optional";
  private static final String LIST = "java.util.List";
  private static final String SET = "java.util.Set";
  private static final String MAP = "java.util.Map";
  private static final String STRING = "java.lang.String";

  private final Types types;
  private final TypeRefs typeRefs;

  RecordReader(Elements elements, Types types) {
    this.types = types;
    this.typeRefs = new TypeRefs(elements, types);
  }

  /**
   * The models of {@code record} and of the records it holds, {@code record}'s first; the problems
   * found go to {@code problems}. Empty when a member type is one javac could not resolve (javac
   * reports it).
   */
  Optional<List<RecordModel>> read(TypeElement record, List<Problem> problems) {
    Map<String, RecordModel> models = new LinkedHashMap<>();
    Deque<TypeElement> todo = new ArrayDeque<>();
    todo.add(record);
    boolean resolved = true;
    while (!todo.isEmpty()) {
      TypeElement next = todo.poll();
      String name = next.getQualifiedName().toString();
      if (models.containsKey(name)) {
        continue;
      }
      Reading reading = new Reading(next, problems, todo);
      models.put(name, reading.model());
      resolved &= reading.resolved;
    }
    return resolved ? Optional.of(List.copyOf(models.values())) : Optional.empty();
  }

  /** The reading of one record's members. */
  private final class Reading {
    private final TypeElement record;
    private final String display;
    private final List<Problem> problems;
    private final Deque<TypeElement> todo;
    private boolean resolved = true;

    Reading(TypeElement record, List<Problem> problems, Deque<TypeElement> todo) {
      this.record = record;
      this.display = typeRefs.declared(record).simpleNames().stream().collect(Collectors.joining("."));
      this.problems = problems;
      this.todo = todo;
    }

    RecordModel model() {
      TypeRef.Declared name = typeRefs.declared(record);
      if (!record.getTypeParameters().isEmpty()) {
        problems.add(Problem.onElement(Message.FINGERPRINT_GENERIC, display, record.getTypeParameters().stream()
            .map(parameter -> parameter.getSimpleName().toString()).collect(Collectors.joining(", "))));
        return new RecordModel(name, false, List.of(), List.of()); // its member types mean nothing yet
      }
      SpecReader.inaccessibility(record).ifPresent(why -> problems.add(Problem.onElement(
          Message.FINGERPRINT_ACCESS, display, why, GeneratedNames.fingerprintClass(name).simpleNames().get(0))));
      List<RecordModel.Member> members = new ArrayList<>();
      List<String> excluded = new ArrayList<>();
      for (RecordComponentElement component : record.getRecordComponents()) {
        String member = component.getSimpleName().toString();
        if (Annotations.has(component, Names.NOT_IN_FINGERPRINT)) {
          excluded.add(member);
          continue;
        }
        JsonType type = type(member, component.asType(), component.asType(), true);
        if (type != null) {
          members.add(new RecordModel.Member(member, type));
        }
      }
      return new RecordModel(name, visible(record), members, excluded);
    }

    /**
     * The JSON type of {@code type}, or {@code null} with the problem added.
     *
     * @param declared the member's whole type, for messages
     * @param top whether {@code type} is the member's own type, where an {@code Optional} may stand
     */
    private JsonType type(String member, TypeMirror type, TypeMirror declared, boolean top) {
      if (type.getKind() == TypeKind.ERROR) {
        resolved = false; // javac reports the unknown type
        return null;
      }
      if (type.getKind().isPrimitive()) {
        ScalarKind kind = SpecValidator.SCALARS.get(type.toString());
        return kind != null ? new JsonType.Scalar(kind) : unsupported(member, type.toString(), declared);
      }
      if (type.getKind() != TypeKind.DECLARED) {
        return unsupported(member, "", declared);
      }
      TypeElement element = (TypeElement) types.asElement(type);
      String name = element.getQualifiedName().toString();
      List<? extends TypeMirror> arguments = ((DeclaredType) type).getTypeArguments();
      if (element.getKind() == ElementKind.ENUM) {
        return new JsonType.Scalar(ScalarKind.ENUM);
      }
      if (element.getKind() == ElementKind.RECORD) {
        todo.add(element);
        return new JsonType.Nested(typeRefs.declared(element));
      }
      ScalarKind kind = SpecValidator.SCALARS.get(name);
      if (kind == ScalarKind.INSTANT) {
        problems.add(Problem.onElement(Message.FINGERPRINT_INSTANT, display, member, declared));
        return null;
      }
      if (kind != null) {
        return new JsonType.Scalar(kind);
      }
      boolean container = name.equals(OPTIONAL) || name.equals(LIST) || name.equals(SET) || name.equals(MAP);
      if (!container || arguments.isEmpty() || arguments.stream().anyMatch(a -> a.getKind() == TypeKind.WILDCARD)
          || (name.equals(OPTIONAL) && !top)) {
        return unsupported(member, name, declared);
      }
      if (name.equals(MAP)) {
        TypeMirror key = arguments.get(0);
        if (key.getKind() != TypeKind.DECLARED
            || !((TypeElement) types.asElement(key)).getQualifiedName().contentEquals(STRING)) {
          problems.add(Problem.onElement(Message.FINGERPRINT_MAP_KEY, display, member, declared));
          return null;
        }
        JsonType value = type(member, arguments.get(1), declared, false);
        return value == null ? null : new JsonType.MapOf(value);
      }
      JsonType inner = type(member, arguments.get(0), declared, false);
      if (inner == null) {
        return null;
      }
      return switch (name) {
        case OPTIONAL -> new JsonType.OptionalOf(inner);
        case LIST -> new JsonType.ListOf(inner);
        default -> new JsonType.SetOf(inner);
      };
    }

    /** Reports the member's type as unsupported, floating point with its own reason. */
    private JsonType unsupported(String member, String name, TypeMirror declared) {
      Message message = SpecValidator.unsupported(name) == Message.FLOATING_POINT
          ? Message.FINGERPRINT_FLOATING_POINT
          : Message.FINGERPRINT_TYPE;
      problems.add(Problem.onElement(message, display, member, declared));
      return null;
    }
  }

  /** Whether the record and every type enclosing it are public. */
  private static boolean visible(TypeElement record) {
    for (Element e = record; e instanceof TypeElement; e = e.getEnclosingElement()) {
      if (!e.getModifiers().contains(Modifier.PUBLIC)) {
        return false;
      }
    }
    return true;
  }
}
