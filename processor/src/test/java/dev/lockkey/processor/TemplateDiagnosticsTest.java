package dev.lockkey.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.lockkey.processor.Compilations.compile;
import static dev.lockkey.processor.Compilations.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every template error of KEY-FORMAT.md, reported on the {@code template} value. */
class TemplateDiagnosticsTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "order:{orderId}:{tenant}:{amount}:{version} | names {amount}, which is neither an identity field nor {version};"
          + " the identity fields are [tenant, orderId]",
      "order:{orderId}:{tenant}:{orderId}:{version} | names {orderId} more than once",
      "order:{orderId}:{version}                    | leaves out identity field tenant; a field missing from the body"
          + " lets different resources share one key; add {tenant} as a segment",
      "order:{orderId}:tenant:{version}             | leaves out identity field tenant",
      "order:{orderId}:x{tenant}:{version}          | glues a placeholder to other text in segment \"x{tenant}\"",
      "order:{orderId}:{tenant}{version}            | glues a placeholder to other text in segment \"{tenant}{version}\"",
      "order::{orderId}:{tenant}:{version}          | has an empty segment",
      "order:{orderId}:{tenant}:{version}:          | has an empty segment",
      "Order:{orderId}:{tenant}:{version}           | has literal \"Order\", which is not a key word",
      "order:{orderId}:{tenant}:{version}:a b       | has literal \"a b\", which is not a key word",
      "order:{orderId:{tenant}:{version}            | has unbalanced braces in segment \"{orderId\"",
      "order:{orderId}}:{tenant}:{version}          | has unbalanced braces in segment \"{orderId}}\"",
      "order:}orderId{:{tenant}:{version}           | has unbalanced braces in segment \"}orderId{\"",
      "order:{}:{orderId}:{tenant}:{version}        | names {}, which is neither an identity field nor {version}"})
  void templateErrors(String template, String problem) {
    JavaFileObject spec = source("Spec",
        "@LockKeySpec(domain = \"order\", action = \"pay\",",
        "    template = \"" + template + "\")",
        "interface Spec {",
        "  String tenant();",
        "  long orderId();",
        "}");

    Compilation compilation = compile(spec);

    assertThat(compilation)
        .hadErrorContaining("[LockKeyTemplate] template \"" + template + "\" " + problem)
        .inFile(spec).onLineContaining("template = ");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void everyTemplateErrorIsReportedAtOnce() {
    JavaFileObject spec = source("Spec", """
        @LockKeySpec(domain = "order", action = "pay",
            template = "Order::{orderId}:{nope}")
        interface Spec {
          String tenant();
          long orderId();
        }
        """);

    Compilation compilation = compile(spec);

    assertThat(compilation).hadErrorContaining("has literal \"Order\"").inFile(spec).onLineContaining("template = ");
    assertThat(compilation).hadErrorContaining("has an empty segment").inFile(spec).onLineContaining("template = ");
    assertThat(compilation).hadErrorContaining("names {nope}").inFile(spec).onLineContaining("template = ");
    assertThat(compilation).hadErrorContaining("leaves out identity field tenant").inFile(spec)
        .onLineContaining("template = ");
    assertThat(compilation).hadErrorCount(4);
  }

  @Test
  void templateWithoutVersionWarns() {
    JavaFileObject spec = source("Spec", """
        @LockKeySpec(domain = "order", action = "pay",
            template = "legacy-order:{orderId}")
        interface Spec {
          long orderId();
        }
        """);

    Compilation compilation = compile(spec);

    assertThat(compilation).succeeded();
    assertThat(compilation)
        .hadWarningContaining("[LockKeyTemplateVersion] template \"legacy-order:{orderId}\" has no {version};"
            + " bumping the version would not change the keys")
        .inFile(spec).onLineContaining("template = ");
    assertThat(compilation).hadWarningCount(1);
  }

  @Test
  void templateWithoutVersionCanBeSuppressed() {
    JavaFileObject spec = source("Spec", """
        @SuppressWarnings("lockkey") // the layout of the legacy order service
        @LockKeySpec(domain = "order", action = "pay", template = "legacy-order:{orderId}")
        interface Spec {
          long orderId();
        }
        """);

    assertThat(compile(spec)).succeededWithoutWarnings();
  }
}
