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
 * Diagnostics of the spec type and of {@code @LockKeySpec}'s attributes: each with its id, on the
 * narrowest element, and alone (no cascade).
 */
class SpecDiagnosticsTest {

  @ParameterizedTest
  @CsvSource({
      "class Spec {},            a class",
      "enum Spec { A },          an enum",
      "record Spec(String a) {}, a record",
      "@interface Spec {},       an annotation type"})
  void specMustBeAnInterface(String declaration, String kind) {
    JavaFileObject spec = source("Spec",
        "@LockKeySpec(domain = \"payment\", action = \"capture\")",
        declaration);

    Compilation compilation = compile(spec);

    assertThat(compilation)
        .hadErrorContaining("[LockKeyNotInterface] @LockKeySpec Spec is " + kind + "; a spec is an interface")
        .inFile(spec).onLineContaining("@LockKeySpec");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void specMustNotBeGeneric() {
    JavaFileObject spec = source("Spec", """
        @LockKeySpec(domain = "payment", action = "capture")
        interface Spec<T> {
          T tenant();
        }
        """);

    Compilation compilation = compile(spec);

    assertThat(compilation)
        .hadErrorContaining("[LockKeyGeneric] spec Spec declares type parameters <T>; one key class is generated per spec")
        .inFile(spec).onLineContaining("interface Spec<T>");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void specMustNotBePrivate() {
    JavaFileObject spec = source("Outer", """
        class Outer {
          @LockKeySpec(domain = "payment", action = "capture")
          private interface Spec {
            String tenant();
          }
        }
        """);

    Compilation compilation = compile(spec);

    assertThat(compilation)
        .hadErrorContaining("[LockKeyAccess] spec Spec is private; the generated SpecKey in the same package must"
            + " implement it")
        .inFile(spec).onLineContaining("private interface Spec");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void specMustNotBeNestedInAPrivateType() {
    JavaFileObject spec = source("Outer", """
        class Outer {
          private static class Hidden {
            @LockKeySpec(domain = "payment", action = "capture")
            interface Spec {
              String tenant();
            }
          }
        }
        """);

    Compilation compilation = compile(spec);

    assertThat(compilation)
        .hadErrorContaining("[LockKeyAccess] spec Spec is nested in private Hidden;")
        .inFile(spec).onLineContaining("interface Spec");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void specNeedsAnIdentityField() {
    JavaFileObject spec = source("Spec", """
        @LockKeySpec(domain = "payment", action = "capture")
        interface Spec {
          default String tenant() {
            return "t";
          }

          static Spec any() {
            return null;
          }
        }
        """);

    Compilation compilation = compile(spec);

    assertThat(compilation)
        .hadErrorContaining("[LockKeyNoFields] spec Spec has no identity field; a key without fields would lock"
            + " every resource of its kind at once")
        .inFile(spec).onLineContaining("interface Spec");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void inheritedAbstractMethodIsAnError() {
    JavaFileObject spec = source("Spec", """
        interface Tenanted {
          String tenant();
        }

        @LockKeySpec(domain = "payment", action = "capture")
        interface Spec extends Tenanted {
          long orderId();
        }
        """);

    Compilation compilation = compile(spec);

    assertThat(compilation)
        .hadErrorContaining("[LockKeyInherited] spec Spec inherits abstract method tenant() from Tenanted;"
            + " identity fields and their order must be visible in the spec itself; redeclare tenant() in Spec")
        .inFile(spec).onLineContaining("interface Spec extends Tenanted");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void superInterfaceMethodsRedeclaredOrImplementedInTheSpecAreFine() {
    JavaFileObject spec = source("Spec", """
        interface Base {
          String tenant();

          String region();

          default String describe() {
            return tenant();
          }
        }

        @LockKeySpec(domain = "payment", action = "capture")
        interface Spec extends Base {
          @Override
          String tenant();

          @Override
          default String region() {
            return "eu";
          }
        }
        """);

    Compilation compilation = compile(spec);

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.SpecKey").contentsAsUtf8String()
        .contains("payment:capture:v1:{tenant}\"");
  }

  @Test
  void generatedNameMustBeFree() {
    JavaFileObject spec = source("Spec", """
        @LockKeySpec(domain = "payment", action = "capture")
        interface Spec {
          String tenant();
        }
        """);
    JavaFileObject existing = source("SpecKey", "class SpecKey {}");

    Compilation compilation = compile(spec, existing);

    assertThat(compilation)
        .hadErrorContaining("[LockKeyNameTaken] spec Spec generates test.SpecKey, but a type of that name already"
            + " exists; rename that type or the spec")
        .inFile(spec).onLineContaining("interface Spec");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void nestedSpecsOfOneSimpleNameClash() {
    JavaFileObject first = source("Payments", """
        class Payments {
          @LockKeySpec(domain = "payment", action = "capture")
          interface Spec {
            String tenant();
          }
        }
        """);
    JavaFileObject second = source("Refunds", """
        class Refunds {
          @LockKeySpec(domain = "refund", action = "capture")
          interface Spec {
            String tenant();
          }
        }
        """);

    Compilation compilation = compile(first, second);

    assertThat(compilation)
        .hadErrorContaining("[LockKeyNameTaken] spec test.Refunds.Spec generates test.SpecKey")
        .inFile(second).onLineContaining("interface Spec");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void twoSpecsMustNotShareAKeySpace() {
    JavaFileObject first = source("Capture", """
        @LockKeySpec(domain = "payment", action = "capture")
        interface Capture {
          String tenant();
        }
        """);
    JavaFileObject second = source("CaptureAgain", """
        @LockKeySpec(domain = "payment", action = "capture", version = 1)
        interface CaptureAgain {
          long orderId();
        }
        """);

    Compilation compilation = compile(first, second);

    assertThat(compilation)
        .hadErrorContaining("[LockKeyDuplicate] spec test.CaptureAgain has domain \"payment\", action \"capture\""
            + " and version 1, like spec test.Capture;")
        .inFile(second).onLineContaining("@LockKeySpec");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void sameDomainAndActionWithAnotherVersionIsFine() {
    JavaFileObject first = source("Capture", """
        @LockKeySpec(domain = "payment", action = "capture")
        interface Capture {
          String tenant();
        }
        """);
    JavaFileObject second = source("CaptureV2", """
        @LockKeySpec(domain = "payment", action = "capture", version = 2)
        interface CaptureV2 {
          String tenant();
        }
        """);

    assertThat(compile(first, second)).succeededWithoutWarnings();
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "domain = \"Payment\", action = \"capture\"    | domain \"Payment\"",
      "domain = \"payment\", action = \"cap ture\"   | action \"cap ture\"",
      "domain = \"\", action = \"capture\"           | domain \"\"",
      "domain = \"-payment\", action = \"capture\"   | domain \"-payment\"",
      "domain = \"payment\", action = \"capture:now\" | action \"capture:now\""})
  void domainAndActionMustBeWords(String attributes, String found) {
    String[] parts = attributes.split(", ");
    JavaFileObject spec = source("Spec",
        "@LockKeySpec(",
        "    " + parts[0] + ",",
        "    " + parts[1] + ")",
        "interface Spec {",
        "  String tenant();",
        "}");

    Compilation compilation = compile(spec);

    String attribute = found.substring(0, found.indexOf(' '));
    assertThat(compilation)
        .hadErrorContaining("[LockKeyWord] " + found + " is not a key word; words are 1 to 64 characters of a-z,"
            + " 0-9, '-' and '_', starting with a letter or digit")
        .inFile(spec).onLineContaining(attribute + " = ");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void wordsAreAtMost64Characters() {
    JavaFileObject spec = source("Spec",
        "@LockKeySpec(domain = \"payment\",",
        "    action = \"" + "a".repeat(65) + "\")",
        "interface Spec {",
        "  String tenant();",
        "}");

    Compilation compilation = compile(spec);

    assertThat(compilation).hadErrorContaining("[LockKeyWord] action").inFile(spec).onLineContaining("action = ");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void versionStartsAtOne() {
    JavaFileObject spec = source("Spec", """
        @LockKeySpec(domain = "payment", action = "capture",
            version = 0)
        interface Spec {
          String tenant();
        }
        """);

    Compilation compilation = compile(spec);

    assertThat(compilation)
        .hadErrorContaining("[LockKeyVersion] version is 0; versions start at 1 and grow with each layout change;"
            + " use version = 1 or more")
        .inFile(spec).onLineContaining("version = 0");
    assertThat(compilation).hadErrorCount(1);
  }
}
