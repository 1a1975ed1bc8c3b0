package dev.lockkey.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.net.MalformedURLException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The generated source and layout manifest of every test spec, compared as text with
 * {@code src/test/resources/golden} and {@code golden/manifests}. A change to generated code or to
 * the manifest format shows up here for review. After an intended change, rewrite the
 * golden files with {@code LOCKKEY_UPDATE_GOLDEN=1 mvn -o -q -pl processor -am test -Dtest=GoldenSourceTest}
 * and review the diff.
 */
class GoldenSourceTest {
  private static final Path SPECS = Path.of("src/test/java/dev/lockkey/processor/specs");
  private static final Path GOLDEN = Path.of("src/test/resources/golden");
  private static final Path GOLDEN_MANIFESTS = GOLDEN.resolve("manifests");
  private static final String PACKAGE = "dev.lockkey.processor.specs";
  private static final boolean UPDATE = "1".equals(System.getenv("LOCKKEY_UPDATE_GOLDEN"));

  private static Compilation compilation;

  @BeforeAll
  static void compileSpecs() throws IOException {
    List<JavaFileObject> sources = specNames().map(GoldenSourceTest::specSource).toList();
    compilation = Compilations.compile(sources.toArray(JavaFileObject[]::new));
    assertThat(compilation).succeededWithoutWarnings();
  }

  static Stream<String> specNames() throws IOException {
    try (Stream<Path> files = Files.list(SPECS)) {
      return files.map(file -> file.getFileName().toString().replace(".java", "")).sorted().toList().stream();
    }
  }

  private static JavaFileObject specSource(String name) {
    try {
      return JavaFileObjects.forResource(SPECS.resolve(name + ".java").toUri().toURL());
    } catch (MalformedURLException e) {
      throw new IllegalStateException(e);
    }
  }

  @ParameterizedTest
  @MethodSource("specNames")
  void generatedSourceMatchesGolden(String spec) throws IOException {
    JavaFileObject source = compilation.generatedSourceFile(PACKAGE + "." + spec + "Key").orElseThrow();
    assertMatchesGolden(source, GOLDEN.resolve(spec + "Key.java"));
  }

  /** The fingerprint classes of the records in the test specs. */
  static Stream<String> fingerprintNames() {
    return Stream.of("OrderPlacementRequestFingerprint", "OrderPlacementLineFingerprint");
  }

  @ParameterizedTest
  @MethodSource("fingerprintNames")
  void fingerprintSourceMatchesGolden(String name) throws IOException {
    JavaFileObject source = compilation.generatedSourceFile(PACKAGE + "." + name).orElseThrow();
    assertMatchesGolden(source, GOLDEN.resolve(name + ".java"));
  }

  @ParameterizedTest
  @MethodSource("specNames")
  void manifestMatchesGolden(String spec) throws IOException {
    String name = ManifestWriter.resourceName(PACKAGE + "." + spec);
    JavaFileObject manifest = compilation.generatedFile(StandardLocation.CLASS_OUTPUT, name).orElseThrow();
    assertMatchesGolden(manifest, GOLDEN_MANIFESTS.resolve(spec + ManifestWriter.SUFFIX));
  }

  private static void assertMatchesGolden(JavaFileObject generatedFile, Path golden) throws IOException {
    String generated = generatedFile.getCharContent(true).toString();
    if (UPDATE) {
      Files.createDirectories(golden.getParent());
      Files.writeString(golden, generated, StandardCharsets.UTF_8);
    }
    assertEquals(Files.readString(golden, StandardCharsets.UTF_8), generated,
        generatedFile.getName() + " differs from " + golden + "; if intended, rerun with LOCKKEY_UPDATE_GOLDEN=1");
  }
}
