package dev.lockkey.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The generated guards of {@code guards/PaymentService} and {@code guards/Captures}, compared as
 * text with {@code src/test/resources/golden/PaymentServiceGuards.java} and {@code CapturesGuards.java}. After an intended change, rewrite it
 * with {@code LOCKKEY_UPDATE_GOLDEN=1 mvn -o -q -pl processor -am test -Dtest=GuardGoldenSourceTest}
 * and review the diff.
 */
class GuardGoldenSourceTest {
  private static final Path SOURCES = Path.of("src/test/java/dev/lockkey/processor");
  private static final Path GOLDEN = Path.of("src/test/resources/golden");
  private static final boolean UPDATE = "1".equals(System.getenv("LOCKKEY_UPDATE_GOLDEN"));

  @Test
  void generatedGuardsMatchGolden() throws IOException {
    Compilation compilation = GuardCompilations.compile(
        JavaFileObjects.forResource(SOURCES.resolve("specs/PaymentCapture.java").toUri().toURL()),
        JavaFileObjects.forResource(SOURCES.resolve("guards/CaptureRequest.java").toUri().toURL()),
        JavaFileObjects.forResource(SOURCES.resolve("guards/Probe.java").toUri().toURL()),
        JavaFileObjects.forResource(SOURCES.resolve("guards/PaymentService.java").toUri().toURL()),
        JavaFileObjects.forResource(SOURCES.resolve("guards/CaptureAmount.java").toUri().toURL()),
        JavaFileObjects.forResource(SOURCES.resolve("guards/Captures.java").toUri().toURL()));
    assertThat(compilation).succeededWithoutWarnings();

    for (String name : new String[] {"PaymentServiceGuards", "CapturesGuards"}) {
      Path golden = GOLDEN.resolve(name + ".java");
      String generated = compilation.generatedSourceFile("dev.lockkey.processor.guards." + name)
          .orElseThrow().getCharContent(true).toString();
      if (UPDATE) {
        Files.writeString(golden, generated, StandardCharsets.UTF_8);
      }
      assertEquals(Files.readString(golden, StandardCharsets.UTF_8), generated,
          name + " differs from " + golden + "; if intended, rerun with LOCKKEY_UPDATE_GOLDEN=1");
    }
  }
}
