package dev.lockkey.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.lockkey.processor.Compilations.compile;
import static dev.lockkey.processor.Compilations.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** The staged builder turns a forgotten required field into a compile error at the call site. */
class StagedBuilderCompileTest {
  private static final JavaFileObject SPEC = source("Capture", """
      @LockKeySpec(domain = "payment", action = "capture")
      interface Capture {
        String tenant();

        long orderId();

        Optional<String> region();
      }
      """);

  @Test
  void everyRequiredFieldSetCompiles() {
    JavaFileObject user = source("User", """
        class User {
          CaptureKey key = CaptureKey.builder().tenant("t42").orderId(98765).region("eu").build();
          CaptureKey withoutOptional = CaptureKey.builder().tenant("t42").orderId(98765).build();
        }
        """);

    assertThat(compile(SPEC, user)).succeededWithoutWarnings();
  }

  @Test
  void forgottenRequiredFieldDoesNotCompile() {
    JavaFileObject user = source("User", """
        class User {
          CaptureKey key = CaptureKey.builder().tenant("t42").build();
        }
        """);

    Compilation compilation = compile(SPEC, user);

    assertThat(compilation).hadErrorContaining("cannot find symbol").inFile(user).onLineContaining(".build()");
    assertThat(compilation).hadErrorContaining("build()").inFile(user).onLineContaining(".build()");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void requiredFieldsComeInDeclarationOrder() {
    JavaFileObject user = source("User", """
        class User {
          CaptureKey key = CaptureKey.builder().orderId(98765).tenant("t42").build();
        }
        """);

    Compilation compilation = compile(SPEC, user);

    assertThat(compilation).hadErrorContaining("orderId(int)").inFile(user).onLineContaining(".orderId(98765)");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void optionalFieldsOnlyAfterTheRequiredOnes() {
    JavaFileObject user = source("User", """
        class User {
          CaptureKey key = CaptureKey.builder().region("eu").tenant("t42").orderId(98765).build();
        }
        """);

    Compilation compilation = compile(SPEC, user);

    assertThat(compilation).hadErrorContaining("region(java.lang.String)").inFile(user).onLineContaining(".region(");
    assertThat(compilation).hadErrorCount(1);
  }
}
