package dev.lockkey.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.lockkey.processor.Compilations.compile;
import static dev.lockkey.processor.Compilations.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Diagnostics of identity fields: on the method, or on the modifier or attribute value that is
 * wrong, each alone (no cascade).
 */
class FieldDiagnosticsTest {

  /** A spec whose only identity field is {@code field}, on a line of its own. */
  private static JavaFileObject specWith(String... field) {
    String[] lines = new String[field.length + 3];
    lines[0] = "@LockKeySpec(domain = \"payment\", action = \"capture\")";
    lines[1] = "interface Spec {";
    System.arraycopy(field, 0, lines, 2, field.length);
    lines[lines.length - 1] = "}";
    return source("Spec", lines);
  }

  private static void assertOnlyError(JavaFileObject spec, String message, String line) {
    Compilation compilation = compile(spec);
    assertThat(compilation).hadErrorContaining(message).inFile(spec).onLineContaining(line);
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void accessorTakesNoParameters() {
    assertOnlyError(specWith("String tenant(String region);"),
        "[LockKeyAccessor] identity field tenant(java.lang.String) takes parameters; identity fields are"
            + " parameterless accessors",
        "String tenant(String region);");
  }

  @Test
  void accessorDeclaresNoTypeParameters() {
    assertOnlyError(specWith("<T> T tenant();"),
        "[LockKeyAccessor] identity field tenant() declares type parameters <T>", "<T> T tenant();");
  }

  @Test
  void accessorReturnsAValue() {
    assertOnlyError(specWith("void tenant();"),
        "[LockKeyAccessor] identity field tenant() returns void; an identity field returns its value;"
            + " declare the value's type, e.g. String tenant()",
        "void tenant();");
  }

  @ParameterizedTest
  @CsvSource({
      "String canonical();, LockKey.canonical()",
      "String spec();,      LockKey.spec()",
      "String builder();,   the static builder()",
      "String toString();,  Object.toString()",
      "int hashCode();,     Object.hashCode()"})
  void reservedNames(String field, String user) {
    assertOnlyError(specWith(field),
        "[LockKeyReservedName] identity field " + field.substring(field.indexOf(' ') + 1, field.indexOf('('))
            + "() has the name of " + user + ", which the generated key class needs; rename the field",
        field);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "double amount();                   | has type double; binary floating point is no identity (0.1 + 0.2 != 0.3);"
          + " use long (minor units) or BigDecimal",
      "float amount();                    | has type float; binary floating point is no identity",
      "Double amount();                   | has type java.lang.Double; binary floating point is no identity",
      "Optional<Float> amount();          | has type java.util.Optional<java.lang.Float>; binary floating point",
      "char amount();                     | has type char; a char is a UTF-16 unit, not a character; use String",
      "Character amount();                | has type java.lang.Character; a char is a UTF-16 unit",
      "Object amount();                   | has type java.lang.Object, which has no canonical text; use String,"
          + " byte, short, int, long, boolean, UUID, an enum, BigDecimal",
      "Map<String, String> amount();      | has type java.util.Map<java.lang.String,java.lang.String>, which has no"
          + " canonical text",
      "BigInteger amount();               | has type java.math.BigInteger, which has no canonical text",
      "int[] amount();                    | has type int[], which has no canonical text",
      "String[] amount();                 | has type java.lang.String[], which has no canonical text",
      "Optional<List<String>> amount();   | has type java.util.Optional<java.util.List<java.lang.String>>; an"
          + " Optional or collection holds one scalar type",
      "List<Optional<String>> amount();   | has type java.util.List<java.util.Optional<java.lang.String>>; an"
          + " Optional or collection holds one scalar type",
      "Set<byte[]> amount();              | has type java.util.Set<byte[]>; an Optional or collection holds one"
          + " scalar type",
      "Optional<byte[]> amount();         | has type java.util.Optional<byte[]>; an Optional or collection holds",
      "List amount();                     | has raw type java.util.List; the element type decides the canonical"
          + " text; add it, e.g. List<String>",
      "Collection<?> amount();            | has type java.util.Collection<?> with a wildcard; the element type"
          + " decides the canonical text; name it exactly, e.g. Collection<String>",
      "List<? extends Number> amount();   | has type java.util.List<? extends java.lang.Number> with a wildcard"})
  void unsupportedTypes(String field, String problem) {
    assertOnlyError(specWith(field), "[LockKeyFieldType] identity field amount() " + problem, field);
  }

  @Test
  void enumMustBeVisibleToTheGeneratedClass() {
    JavaFileObject spec = source("Outer", """
        class Outer {
          private enum Status { OPEN, CLOSED }

          @LockKeySpec(domain = "payment", action = "capture")
          interface Spec {
            Status status();
          }
        }
        """);

    assertOnlyError(spec, "[LockKeyFieldType] identity field status() has type test.Outer.Status, which the"
        + " generated key class cannot see because it is private", "Status status();");
  }

  @Test
  void instantNeedsAWindow() {
    assertOnlyError(specWith("Instant at();"),
        "[LockKeyWindow] identity field at() is an Instant without @Window; a raw timestamp makes every request a"
            + " different key; add @Window(size = 1, unit = ChronoUnit.MINUTES)",
        "Instant at();");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "size = 0, unit = ChronoUnit.MINUTES                  | size = 0  | @Window size is 0; a window is at least 1"
          + " unit long",
      "size = 1, unit = ChronoUnit.WEEKS                    | WEEKS     | @Window unit is WEEKS; windows are measured"
          + " in MILLIS, SECONDS, MINUTES, HOURS, HALF_DAYS or DAYS",
      "size = 1, unit = ChronoUnit.NANOS                    | NANOS     | @Window unit is NANOS",
      "size = 500, unit = ChronoUnit.MILLIS                 | @Window   | @Window of 500 MILLIS is shorter than a"
          + " second; window starts are rendered to the second",
      "size = Long.MAX_VALUE / 1000, unit = ChronoUnit.DAYS | @Window   | @Window of 9223372036854775 DAYS is longer"
          + " than the runtime can align"})
  void windowMustBeValid(String attributes, String line, String problem) {
    String[] parts = attributes.split(", ");
    JavaFileObject spec = specWith(
        "@Window(",
        "    " + parts[0] + ",",
        "    " + parts[1] + ")",
        "Instant at();");

    assertOnlyError(spec, "[LockKeyWindow] " + problem, line);
  }

  @Test
  void bytesNeedADigest() {
    assertOnlyError(specWith("byte[] document();"),
        "[LockKeyBytes] identity field document() is byte[] without @Hashed or @Secret; raw bytes have no text"
            + " form in a key; add @Hashed (a digest of the content) or @Secret",
        "byte[] document();");
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(delimiter = '|', value = {
      "@CaseInsensitive                          | long amount();         | @CaseInsensitive does not fit identity"
          + " field amount() of type long; @CaseInsensitive applies to String fields, and Optional or collections"
          + " of String",
      "@Verbatim                                 | UUID amount();         | @Verbatim does not fit identity field"
          + " amount() of type java.util.UUID",
      "@MaxLength(8)                             | int amount();          | @MaxLength does not fit identity field"
          + " amount() of type int",
      "@Unordered                                | String amount();       | @Unordered does not fit identity field"
          + " amount() of type java.lang.String; @Unordered applies to List, Set and Collection fields",
      "@Hashed                                   | long amount();         | @Hashed does not fit identity field"
          + " amount() of type long; @Hashed applies to String, Optional<String> and byte[] fields",
      "@Secret                                   | List<String> amount(); | @Secret does not fit identity field"
          + " amount() of type java.util.List<java.lang.String>",
      "@Window(size = 1, unit = ChronoUnit.DAYS) | LocalDate amount();    | @Window does not fit identity field"
          + " amount() of type java.time.LocalDate; @Window applies to Instant fields"})
  void modifierMustFitTheType(String modifier, String declaration, String problem) {
    assertOnlyError(specWith(modifier, declaration), "[LockKeyModifier] " + problem, modifier);
  }

  @Test
  void modifiersApplyToStringsInContainers() {
    JavaFileObject spec = specWith(
        "@CaseInsensitive @MaxLength(8) List<String> tags();",
        "@Hashed Optional<String> note();",
        "@Unordered @Verbatim Set<String> labels();",
        "@Unordered @Window(size = 1, unit = ChronoUnit.HOURS) Collection<Instant> slots();");

    assertThat(compile(spec)).succeededWithoutWarnings();
  }

  @Test
  void setNeedsUnordered() {
    assertOnlyError(specWith("Set<String> accounts();"),
        "[LockKeyUnordered] identity field accounts() is a Set without @Unordered; the iteration order of a Set"
            + " is not part of its value (one set iterates in another order in the next JVM run), so equal values"
            + " would give different keys; add @Unordered, or use a List if the order matters",
        "Set<String> accounts();");
  }

  @Test
  void collectionNeedsUnordered() {
    assertOnlyError(specWith("@CaseInsensitive Collection<String> tags();"),
        "[LockKeyUnordered] identity field tags() is a Collection without @Unordered; the iteration order of a"
            + " Collection is not part of its value",
        "@CaseInsensitive Collection<String> tags();");
  }

  @Test
  void aListKeepsItsOrderWithoutUnordered() {
    assertThat(compile(specWith("List<String> hops();"))).succeededWithoutWarnings();
  }

  @Test
  void hashedAndSecretExcludeEachOther() {
    assertOnlyError(specWith("@Hashed @Secret String phone();"),
        "[LockKeyHashedSecret] identity field phone() is both @Hashed and @Secret; @Secret already keeps only a"
            + " (keyed) digest",
        "@Hashed @Secret String phone();");
  }

  @Test
  void maxLengthIsPositive() {
    JavaFileObject spec = specWith(
        "@MaxLength(",
        "    0)",
        "String tenant();");

    assertOnlyError(spec, "[LockKeyMaxLength] @MaxLength is 0; a length limit is at least 1 code point", "0)");
  }
}
