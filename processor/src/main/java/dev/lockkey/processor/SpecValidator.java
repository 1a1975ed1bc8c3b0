package dev.lockkey.processor;

import static java.util.Map.entry;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rules a spec must follow, in one place: which Java types can be identity fields, which
 * modifiers fit which types, what a version, a window and a field name may be, and which
 * field names look like per-request noise ({@link NoiseNames}). Template rules are in {@link Layout}. Everything here
 * works on plain values; {@link SpecReader} gathers them from javac and reports each problem at
 * its element.
 */
final class SpecValidator {

  /** Scalar types by qualified name or primitive keyword; enums are scalars too, recognised by kind. */
  static final Map<String, ScalarKind> SCALARS = Map.ofEntries(
      entry("java.lang.String", ScalarKind.STRING),
      entry("byte", ScalarKind.INTEGRAL),
      entry("short", ScalarKind.INTEGRAL),
      entry("int", ScalarKind.INTEGRAL),
      entry("long", ScalarKind.INTEGRAL),
      entry("java.lang.Byte", ScalarKind.INTEGRAL),
      entry("java.lang.Short", ScalarKind.INTEGRAL),
      entry("java.lang.Integer", ScalarKind.INTEGRAL),
      entry("java.lang.Long", ScalarKind.INTEGRAL),
      entry("boolean", ScalarKind.BOOLEAN),
      entry("java.lang.Boolean", ScalarKind.BOOLEAN),
      entry("java.util.UUID", ScalarKind.UUID),
      entry("java.math.BigDecimal", ScalarKind.DECIMAL),
      entry("java.time.LocalDate", ScalarKind.LOCAL_DATE),
      entry("java.time.YearMonth", ScalarKind.YEAR_MONTH),
      entry("java.time.Instant", ScalarKind.INSTANT));

  /** Types that hold scalars, by qualified name; each takes exactly one scalar type argument. */
  static final Map<String, Container> CONTAINERS = Map.of(
      "java.util.Optional", Container.OPTIONAL,
      "java.util.List", Container.LIST,
      "java.util.Set", Container.SET,
      "java.util.Collection", Container.COLLECTION);

  /** Binary floating point: {@code 0.1 + 0.2 != 0.3}, so no identity. */
  private static final Set<String> FLOATING_POINT = Set.of("float", "double", "java.lang.Float", "java.lang.Double");

  /** UTF-16 units, not characters. */
  private static final Set<String> CHARACTERS = Set.of("char", "java.lang.Character");

  /** Field names that the generated class needs for itself, with what uses them. */
  private static final Map<String, String> RESERVED_NAMES = Map.of(
      "canonical", "LockKey.canonical()",
      "spec", "LockKey.spec()",
      "builder", "the static builder()",
      "toString", "Object.toString()",
      "hashCode", "Object.hashCode()");

  /** The {@code ChronoUnit}s a window may use: fixed lengths from milliseconds to days. */
  private static final List<String> WINDOW_UNITS =
      List.of("MILLIS", "SECONDS", "MINUTES", "HOURS", "HALF_DAYS", "DAYS");

  /** Window starts are rendered to the second, so shorter windows would share their text. */
  private static final Duration SHORTEST_WINDOW = Duration.ofSeconds(1);

  private SpecValidator() {}

  /** The problems of {@code @LockKeySpec}'s domain, action and version, each on its value. */
  static List<Problem> header(String domain, String action, int version) {
    List<Problem> problems = new ArrayList<>();
    if (!Words.isWord(domain)) {
      problems.add(Problem.onValue(Names.LOCK_KEY_SPEC, "domain", Message.BAD_WORD, "domain", domain));
    }
    if (!Words.isWord(action)) {
      problems.add(Problem.onValue(Names.LOCK_KEY_SPEC, "action", Message.BAD_WORD, "action", action));
    }
    if (version < 1) {
      problems.add(Problem.onValue(Names.LOCK_KEY_SPEC, "version", Message.BAD_VERSION, version));
    }
    return problems;
  }

  /**
   * Why a type that is neither a scalar nor a container of one cannot be an identity field.
   *
   * @param name a qualified name or a primitive keyword
   */
  static Message unsupported(String name) {
    if (FLOATING_POINT.contains(name)) {
      return Message.FLOATING_POINT;
    }
    if (CHARACTERS.contains(name)) {
      return Message.CHAR_TYPE;
    }
    return CONTAINERS.containsKey(name) ? Message.NESTED_TYPE : Message.UNSUPPORTED_TYPE;
  }

  /**
   * The problems of one identity field's name and modifiers.
   *
   * @param type the field's type, or {@code null} when it is unsupported (then whether the
   *     modifiers fit it is moot, and not reported)
   * @param declaredType the type as written, for messages
   */
  static List<Problem> field(String name, FieldType type, String declaredType, FieldModifiers modifiers) {
    List<Problem> problems = new ArrayList<>();
    if (RESERVED_NAMES.containsKey(name)) {
      problems.add(Problem.onElement(Message.RESERVED_NAME, name, RESERVED_NAMES.get(name)));
    }
    if (modifiers.hashed() && modifiers.secret()) {
      problems.add(Problem.onElement(Message.HASHED_AND_SECRET, name));
    }
    if (modifiers.maxLength() != null && modifiers.maxLength() < 1) {
      problems.add(Problem.onValue(Names.MAX_LENGTH, "value", Message.MAX_LENGTH, modifiers.maxLength()));
    }
    if (modifiers.window() != null) {
      problems.addAll(window(modifiers.window()));
    }
    if (type != null) {
      problems.addAll(fit(name, type, declaredType, modifiers));
    }
    // A windowed instant is how a key is meant to hold time: @Window Instant timestamp() is no noise.
    if (modifiers.window() == null && NoiseNames.isNoise(name)) {
      problems.add(Problem.onElement(Message.NOISE_FIELD, name));
    }
    return problems;
  }

  /** Whether the modifiers fit the type, and the type's own requirements on modifiers. */
  private static List<Problem> fit(String name, FieldType type, String declaredType, FieldModifiers modifiers) {
    List<Problem> problems = new ArrayList<>();
    boolean string = type.kind() == ScalarKind.STRING;
    boolean digestible = (string && !type.container().isCollection()) || type.kind() == ScalarKind.BYTES;
    String strings = "String fields, and Optional or collections of String";
    String digests = "String, Optional<String> and byte[] fields";
    boolean record = type.kind() == ScalarKind.RECORD;
    boolean hashable = digestible || (record && type.container() == Container.NONE);
    misfit(problems, modifiers.hashed() && !hashable && !record, Names.HASHED, name, declaredType, digests + ", and records");
    misfit(problems, modifiers.secret() && !digestible, Names.SECRET, name, declaredType, digests);
    misfit(problems, modifiers.caseInsensitive() && !string, Names.CASE_INSENSITIVE, name, declaredType, strings);
    misfit(problems, modifiers.verbatim() && !string, Names.VERBATIM, name, declaredType, strings);
    misfit(problems, modifiers.maxLength() != null && !string, Names.MAX_LENGTH, name, declaredType, strings);
    misfit(problems, modifiers.unordered() && !type.container().isCollection(), Names.UNORDERED, name, declaredType,
        "List, Set and Collection fields");
    misfit(problems, modifiers.window() != null && type.kind() != ScalarKind.INSTANT, Names.WINDOW, name, declaredType,
        "Instant fields, and Optional or collections of Instant");
    if (type.kind() == ScalarKind.INSTANT && modifiers.window() == null) {
      problems.add(Problem.onElement(Message.INSTANT_WITHOUT_WINDOW, name));
    }
    if (record && type.container() != Container.NONE) {
      problems.add(Problem.onElement(Message.RECORD_IN_CONTAINER, name, declaredType));
    } else if (record && !modifiers.digest()) {
      problems.add(Problem.onElement(Message.RECORD_WITHOUT_HASHED, name, declaredType));
    }
    if (type.kind() == ScalarKind.BYTES && !modifiers.digest()) {
      problems.add(Problem.onElement(Message.BYTES_WITHOUT_DIGEST, name));
    }
    boolean orderless = type.container() == Container.SET || type.container() == Container.COLLECTION;
    if (orderless && !modifiers.unordered()) {
      String container = type.container() == Container.SET ? "Set" : "Collection";
      problems.add(Problem.onElement(Message.UNORDERED_REQUIRED, name, container, container));
    }
    return problems;
  }

  private static void misfit(
      List<Problem> problems, boolean misfit, String modifier, String name, String declaredType, String fits) {
    if (misfit) {
      String simpleName = Names.simpleName(modifier);
      problems.add(Problem.onAnnotation(
          modifier, Message.MODIFIER_MISFIT, simpleName, name, declaredType, simpleName, fits));
    }
  }

  private static List<Problem> window(WindowSize window) {
    List<Problem> problems = new ArrayList<>();
    if (window.size() < 1) {
      problems.add(Problem.onValue(Names.WINDOW, "size", Message.WINDOW_SIZE, window.size()));
    }
    if (!WINDOW_UNITS.contains(window.unit())) {
      problems.add(Problem.onValue(Names.WINDOW, "unit", Message.WINDOW_UNIT, window.unit()));
    }
    if (problems.isEmpty()) {
      try {
        Duration length = Duration.of(window.size(), ChronoUnit.valueOf(window.unit()));
        length.toMillis(); // the runtime aligns windows in milliseconds
        if (length.compareTo(SHORTEST_WINDOW) < 0) {
          problems.add(Problem.onAnnotation(Names.WINDOW, Message.WINDOW_TOO_SHORT, window.size(), window.unit()));
        }
      } catch (ArithmeticException tooLong) {
        problems.add(Problem.onAnnotation(Names.WINDOW, Message.WINDOW_TOO_LONG, window.size(), window.unit()));
      }
    }
    return problems;
  }
}
