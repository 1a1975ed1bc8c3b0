package dev.lockkey.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.lockkey.processor.Compilations.compile;
import static dev.lockkey.processor.Compilations.javacWithRuntime;
import static dev.lockkey.processor.Compilations.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Builds that turn every lint warning into an error ({@code -Xlint:all -Werror}) compile specs and
 * their keys: the processor claims {@code @LockKeySpec} (else javac warns that no processor claimed
 * it) and generated code has no lint warning.
 */
class StrictBuildTest {

  @Test
  void validSpecsCompileWithEveryLintWarningAnError() {
    JavaFileObject spec = source("Spec", """
        @LockKeySpec(domain = "payment", action = "capture")
        public interface Spec {
          String tenant();
          long orderId();
          @Secret Optional<String> phone();
          @Unordered Set<String> accounts();
        }
        """);
    JavaFileObject user = source("User", """
        class User {
          static String canonical(KeySecret secret) {
            return SpecKey.builder(secret).tenant("t42").orderId(98765).accounts(Set.of("a")).build().canonical();
          }
        }
        """);

    Compilation compilation = compile(javacWithRuntime().withOptions("-Xlint:all", "-Werror"), spec, user);

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.SpecKey");
  }
}
