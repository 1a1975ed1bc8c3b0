package dev.lockkey.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.lockkey.processor.Compilations.compile;
import static dev.lockkey.processor.Compilations.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Every invalid spec of the catalogue below, one per error message the processor has, compiled in
 * one javac run as a build with many broken specs would be: each yields exactly its own error, on
 * its own element, and none crashes the processor ({@link Compilations#compile} fails on an
 * internal error or a stack trace in any diagnostic). The single-spec tests next to this one
 * check each message's full text.
 */
class InvalidSpecCatalogueTest {

  /**
   * One invalid spec.
   *
   * @param message the error it must cause
   * @param name the spec's simple name, also its file's
   * @param text how the message begins after its id, naming what was found
   * @param line a text of the line the error must be on
   * @param code the spec's source, after the package and imports
   */
  private record InvalidSpec(Message message, String name, String text, String line, String code) {
    JavaFileObject file() {
      return source(name, code);
    }
  }

  private static final List<InvalidSpec> CATALOGUE = List.of(
      spec(Message.NOT_INTERFACE, "NotAnInterface", "@LockKeySpec NotAnInterface is a class", "@LockKeySpec",
          annotation("NotAnInterface"), "class NotAnInterface {}"),
      spec(Message.GENERIC_SPEC, "GenericSpec", "spec GenericSpec declares type parameters <T>",
          "interface GenericSpec<T>", annotation("GenericSpec"), "interface GenericSpec<T> {", "  T tenant();", "}"),
      spec(Message.NO_IDENTITY_FIELD, "NoFields", "spec NoFields has no identity field", "interface NoFields",
          annotation("NoFields"), "interface NoFields {", "  default String tenant() {", "    return \"t\";", "  }",
          "}"),
      spec(Message.ONE_RESOURCE_WITH_FIELDS, "OneWithFields", "spec OneWithFields is @OneResource, which names one",
          "interface OneWithFields", "@OneResource", annotation("OneWithFields"), "interface OneWithFields {",
          "  String tenant();", "}"),
      spec(Message.INHERITED_FIELD, "Inherits", "spec Inherits inherits abstract method tenant() from Tenanted",
          "interface Inherits extends", "interface Tenanted {", "  String tenant();", "}",
          annotation("Inherits"),
          "interface Inherits extends Tenanted {", "  long orderId();", "}"),
      spec(Message.NAME_TAKEN, "Taken", "spec Taken generates test.TakenKey, but a type of that name already",
          "interface Taken", annotation("Taken"), "interface Taken {", "  String tenant();", "}", "class TakenKey {}"),
      spec(Message.BAD_WORD, "BadWord", "domain \"Bad Word\" is not a key word", "domain = ",
          "@LockKeySpec(action = \"a\",", "    domain = \"Bad Word\")", "interface BadWord {", "  String tenant();",
          "}"),
      spec(Message.BAD_VERSION, "BadVersion", "version is 0", "version = 0",
          "@LockKeySpec(domain = \"c-version\", action = \"a\",", "    version = 0)", "interface BadVersion {",
          "  String tenant();", "}"),
      template(Message.TEMPLATE_EMPTY_SEGMENT, "EmptySegment", "c::{x}:{version}", "has an empty segment"),
      template(Message.TEMPLATE_BRACES, "Braces", "c:{x:{version}", "has unbalanced braces in segment \"{x\""),
      template(Message.TEMPLATE_GLUED, "Glued", "c:y{x}:{version}", "glues a placeholder to other text in segment"),
      template(Message.TEMPLATE_LITERAL, "Literal", "C:{x}:{version}", "has literal \"C\", which is not a key word"),
      template(Message.TEMPLATE_UNKNOWN, "Unknown", "c:{x}:{y}:{version}", "names {y}, which is neither"),
      template(Message.TEMPLATE_DUPLICATE, "Twice", "c:{x}:{x}:{version}", "names {x} more than once"),
      template(Message.TEMPLATE_MISSING, "Missing", "c:{version}", "leaves out identity field x"),
      field(Message.ACCESSOR_PARAMETERS, "Parameters", "identity field x(int) takes parameters", "String x(int i);"),
      field(Message.ACCESSOR_TYPE_PARAMETERS, "TypeParameters", "identity field x() declares type parameters <T>",
          "<T> T x();"),
      field(Message.ACCESSOR_VOID, "ReturnsVoid", "identity field x() returns void", "void x();"),
      field(Message.RESERVED_NAME, "Reserved", "identity field canonical() has the name of LockKey.canonical()",
          "String canonical();"),
      field(Message.FLOATING_POINT, "Floating", "identity field x() has type double", "double x();"),
      field(Message.CHAR_TYPE, "Char", "identity field x() has type char", "char x();"),
      field(Message.UNSUPPORTED_TYPE, "Unsupported", "identity field x() has type java.lang.Object, which has no",
          "Object x();"),
      field(Message.RAW_TYPE, "Raw", "identity field x() has raw type java.util.List",
          "@SuppressWarnings(\"rawtypes\") List x();"),
      field(Message.WILDCARD_TYPE, "Wildcard", "identity field x() has type java.util.List<?> with a wildcard",
          "List<?> x();"),
      field(Message.NESTED_TYPE, "Nested",
          "identity field x() has type java.util.Optional<java.util.List<java.lang.String>>",
          "Optional<List<String>> x();"),
      field(Message.BYTES_WITHOUT_DIGEST, "Bytes", "identity field x() is byte[] without @Hashed or @Secret",
          "byte[] x();"),
      field(Message.INSTANT_WITHOUT_WINDOW, "NoWindow", "identity field x() is an Instant without @Window",
          "Instant x();"),
      field(Message.WINDOW_SIZE, "WindowSize", "@Window size is 0",
          "@Window(size = 0, unit = ChronoUnit.MINUTES) Instant x();"),
      field(Message.WINDOW_TOO_SHORT, "WindowShort", "@Window of 500 MILLIS is shorter than a second",
          "@Window(size = 500, unit = ChronoUnit.MILLIS) Instant x();"),
      field(Message.WINDOW_TOO_LONG, "WindowLong", "@Window of 9223372036854775 DAYS is longer",
          "@Window(size = Long.MAX_VALUE / 1000, unit = ChronoUnit.DAYS) Instant x();"),
      field(Message.WINDOW_UNIT, "WindowUnit", "@Window unit is WEEKS",
          "@Window(size = 1, unit = ChronoUnit.WEEKS) Instant x();"),
      field(Message.MODIFIER_MISFIT, "Misfit", "@CaseInsensitive does not fit identity field x() of type long",
          "@CaseInsensitive long x();"),
      field(Message.HASHED_AND_SECRET, "HashedSecret", "identity field x() is both @Hashed and @Secret",
          "@Hashed @Secret String x();"),
      field(Message.MAX_LENGTH, "MaxLengthZero", "@MaxLength is 0", "@MaxLength(0) String x();"),
      field(Message.UNORDERED_REQUIRED, "SetInOrder", "identity field x() is a Set without @Unordered",
          "Set<String> x();"),
      spec(Message.INACCESSIBLE_SPEC, "PrivateSpec", "spec PrivateSpec is private", "private interface PrivateSpec",
          "class PrivateSpecs {", "  " + annotation("PrivateSpec"),
          "  private interface PrivateSpec {", "    String tenant();", "  }", "}"),
      spec(Message.INACCESSIBLE_TYPE, "HiddenType", "identity field status() has type test.HiddenTypes.Status, which",
          "Status status();", "class HiddenTypes {", "  private enum Status { OPEN }",
          "  " + annotation("HiddenType"), "  interface HiddenType {", "    Status status();",
          "  }", "}"),
      spec(Message.DUPLICATE_KEY_SPACE, "SameSpace",
          "spec test.SameSpace has domain \"c-same\", action \"a\" and version 1, like spec test.FirstSpace",
          "version = 1",
          "@LockKeySpec(domain = \"c-same\", action = \"a\")", "interface FirstSpace {", "  String tenant();", "}",
          "@LockKeySpec(domain = \"c-same\", action = \"a\", version = 1)", "interface SameSpace {",
          "  long orderId();", "}"),
      spec(Message.RECORD_WITHOUT_HASHED, "RecordUnhashed", "identity field x() has type test.RecordUnhashed.R, a"
          + " record", "R x();", annotation("RecordUnhashed"), "interface RecordUnhashed {", "  R x();",
          "  record R(String id) {}", "}"),
      spec(Message.RECORD_IN_CONTAINER, "RecordList", "identity field x() has type java.util.List<test.RecordList.R>;",
          "List<R> x();", annotation("RecordList"), "interface RecordList {", "  @Hashed List<R> x();",
          "  record R(String id) {}", "}"),
      recordMember(Message.FINGERPRINT_FLOATING_POINT, "FloatMember", "double price"),
      recordMember(Message.FINGERPRINT_INSTANT, "InstantMember", "Instant price"),
      recordMember(Message.FINGERPRINT_MAP_KEY, "MapKeyMember", "Map<Long, String> price"),
      recordMember(Message.FINGERPRINT_TYPE, "ObjectMember", "Object price"),
      spec(Message.FINGERPRINT_GENERIC, "GenericRecord", "record GenericRecord declares type parameters <T>",
          "record GenericRecord", "@Fingerprinted record GenericRecord<T>(List<T> items) {}"),
      spec(Message.FINGERPRINT_ACCESS, "HiddenRecord", "record HiddenRecords.HiddenRecord is private",
          "private record HiddenRecord", "class HiddenRecords {",
          "  @Fingerprinted private record HiddenRecord(String id) {}", "}"),
      spec(Message.FINGERPRINTED_NOT_RECORD, "NotRecord", "@Fingerprinted NotRecord is class", "@Fingerprinted",
          "@Fingerprinted", "class NotRecord {}"));

  /**
   * The messages a spec alone cannot cause: a failing file system, the processor's own bugs, and
   * the layout guard's errors, which need a baseline (LayoutGuardTest covers those); and an
   * unresolved type, which comes with javac's own error (ProcessorRobustnessTest covers it).
   */
  private static final Set<Message> NOT_FROM_SPECS = EnumSet.of(Message.WRITE_FAILED, Message.INTERNAL,
      Message.LAYOUT_CHANGED, Message.VERSION_LOWERED, Message.BASELINE_UNREADABLE, Message.UNRESOLVED);

  @Test
  void theCatalogueHasASpecForEveryError() {
    Set<Message> errors = EnumSet.allOf(Message.class).stream()
        .filter(message -> message.kind() == Diagnostic.Kind.ERROR && !NOT_FROM_SPECS.contains(message))
        .collect(Collectors.toCollection(() -> EnumSet.noneOf(Message.class)));

    assertThat(CATALOGUE.stream().map(InvalidSpec::message).toList()).containsExactlyInAnyOrderElementsOf(errors);
  }

  @Test
  void everyInvalidSpecIsAnErrorOnItsElementAndNoneCrashesTheProcessor() {
    List<JavaFileObject> files = new ArrayList<>();
    CATALOGUE.forEach(spec -> files.add(spec.file()));

    Compilation compilation = compile(files.toArray(JavaFileObject[]::new));

    for (int i = 0; i < CATALOGUE.size(); i++) {
      InvalidSpec spec = CATALOGUE.get(i);
      assertThat(compilation)
          .hadErrorContaining("[" + spec.message().id() + "] " + spec.text())
          .inFile(files.get(i))
          .onLineContaining(spec.line());
    }
    assertThat(compilation).hadErrorCount(CATALOGUE.size());
  }

  /** An invalid spec whose whole source is given, in a file named after it. */
  private static InvalidSpec spec(Message message, String name, String text, String line, String... source) {
    return new InvalidSpec(message, name, text, line, String.join("\n", source));
  }

  /** A valid {@code @LockKeySpec} of a key space of its own: domain {@code c-<name>}. */
  private static String annotation(String name) {
    return "@LockKeySpec(domain = \"c-" + name.toLowerCase(Locale.ROOT) + "\", action = \"a\")";
  }

  /** A spec of fields x and version whose template is wrong, reported on the template. */
  private static InvalidSpec template(Message message, String name, String template, String text) {
    return spec(message, name, "template \"" + template + "\" " + text, "template = ",
        "@LockKeySpec(domain = \"c-" + name.toLowerCase(Locale.ROOT) + "\", action = \"a\",",
        "    template = \"" + template + "\")",
        "interface " + name + " {",
        "  String x();",
        "}");
  }

  /** A spec whose only field is a {@code @Hashed} record with one wrong member, reported on that field. */
  private static InvalidSpec recordMember(Message message, String name, String member) {
    return spec(message, name, "record " + name + ".R member price has type", "@Hashed R x();",
        annotation(name),
        "interface " + name + " {",
        "  @Hashed R x();",
        "  record R(String id, " + member + ") {}",
        "}");
  }

  /** A spec whose only identity field is wrong, reported on that field's line. */
  private static InvalidSpec field(Message message, String name, String text, String field) {
    return spec(message, name, text, field,
        annotation(name),
        "interface " + name + " {",
        "  " + field,
        "}");
  }
}
