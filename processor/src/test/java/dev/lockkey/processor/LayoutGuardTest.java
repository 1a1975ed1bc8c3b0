package dev.lockkey.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.lockkey.processor.Compilations.compile;
import static dev.lockkey.processor.Compilations.javacWithRuntime;
import static dev.lockkey.processor.Compilations.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The layout guard: a baseline is made the way a team makes it (compile, copy the manifests), then
 * the spec is changed and compiled with {@code -Alockkey.baseline}. A change with the same version
 * fails on the spec, a version bump passes with a note.
 */
class LayoutGuardTest {
  private static final String HEADER = "@LockKeySpec(domain = \"payment\", action = \"capture\")";
  private static final String ORIGINAL = """
      @LockKeySpec(domain = "payment", action = "capture")
      interface Spec {
        String tenant();
        long orderId();
      }
      """;

  @TempDir
  Path baseline;

  @BeforeEach
  void writeBaseline() throws IOException {
    copyManifests(compile(source("Spec", ORIGINAL)), "test.Spec");
  }

  /** What a team does to refresh its baseline: copy the manifests from the class output. */
  private void copyManifests(Compilation compilation, String... specs) throws IOException {
    assertThat(compilation).succeeded();
    for (String spec : specs) {
      String name = ManifestWriter.resourceName(spec);
      JavaFileObject manifest = compilation.generatedFile(StandardLocation.CLASS_OUTPUT, name).orElseThrow();
      Files.writeString(baseline.resolve(spec + ManifestWriter.SUFFIX), manifest.getCharContent(true));
    }
  }

  private Compilation compileAgainstBaseline(JavaFileObject... sources) {
    return compile(javacWithRuntime().withOptions("-Alockkey.baseline=" + baseline), sources);
  }

  private static String notes(Compilation compilation) {
    return String.join("\n", compilation.notes().stream().map(note -> note.getMessage(Locale.ROOT)).toList());
  }

  @Test
  void anUnchangedSpecPassesSilently() {
    Compilation compilation = compileAgainstBaseline(source("Spec", ORIGINAL));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(notes(compilation)).doesNotContain("[LockKey");
  }

  @Test
  void aOneResourceSpecInTheBaselinePassesAndGainingAFieldFails() throws IOException {
    String nightly = """
        @OneResource
        @LockKeySpec(domain = "report", action = "nightly")
        interface Nightly {}
        """;
    copyManifests(compile(source("Nightly", nightly)), "test.Nightly");

    assertThat(compileAgainstBaseline(source("Nightly", nightly))).succeededWithoutWarnings();
    assertThat(compileAgainstBaseline(source("Nightly", """
        @LockKeySpec(domain = "report", action = "nightly")
        interface Nightly {
          String region();
        }
        """))).hadErrorContaining("[LockKeyLayoutChanged]");
  }

  @Test
  void reorderedFieldsFailWithOldAndNewLayout() {
    JavaFileObject spec = source("Spec", """
        @LockKeySpec(domain = "payment", action = "capture")
        interface Spec {
          long orderId();
          String tenant();
        }
        """);

    Compilation compilation = compileAgainstBaseline(spec);

    assertThat(compilation).hadErrorContaining("""
        [LockKeyLayoutChanged] spec Spec changed its key layout but kept version 1; old and new builds would \
        lock different keys for one resource, so during a rollout both could hold its lock
          baseline: payment:capture:v1:{tenant}:{orderId} (tenant java.lang.String, orderId long)
          now:      payment:capture:v1:{orderId}:{tenant} (orderId long, tenant java.lang.String)
          changed:  fields reordered: [tenant, orderId] -> [orderId, tenant]
          bump the version (version = 2) and roll out both layouts, or undo the change""")
        .inFile(spec).onLineContaining(HEADER);
    assertThat(compilation).hadErrorCount(1);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', textBlock = """
      payment | String merchant();          | long orderId(); | fields renamed, added or removed: [tenant, orderId] -> [merchant, orderId]
      payment | @CaseInsensitive String tenant(); | long orderId(); | modifiers of tenant: none -> @CaseInsensitive
      payment | @Hashed String tenant();   | long orderId(); | modifiers of tenant: none -> @Hashed
      payment | String tenant();           | String orderId(); | type of orderId: long -> java.lang.String
      billing | String tenant();           | long orderId(); | domain "payment" -> "billing"
      """)
  void everyOtherChangeWithTheSameVersionFails(String domain, String first, String second, String change) {
    JavaFileObject spec = source("Spec",
        "@LockKeySpec(domain = \"" + domain + "\", action = \"capture\")",
        "interface Spec {",
        "  " + first,
        "  " + second,
        "}");

    Compilation compilation = compileAgainstBaseline(spec);

    assertThat(compilation).hadErrorContaining("changed:  " + change).inFile(spec).onLineContaining("@LockKeySpec");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aBaselineOfAnotherFormatEditionFailsLikeALayoutChange() throws IOException {
    rewriteBaselineEdition("formatEdition=1", "formatEdition=2");
    JavaFileObject spec = source("Spec", ORIGINAL);

    Compilation compilation = compileAgainstBaseline(spec);

    assertThat(compilation).hadErrorContaining("""
        [LockKeyLayoutChanged] spec Spec changed its key layout but kept version 1; old and new builds would \
        lock different keys for one resource, so during a rollout both could hold its lock
          baseline: payment:capture:v1:{tenant}:{orderId} (tenant java.lang.String, orderId long)
          now:      payment:capture:v1:{tenant}:{orderId} (tenant java.lang.String, orderId long)
          changed:  key format edition 2 -> 1 (docs/KEY-FORMAT.md, Editions)
          bump the version (version = 2) and roll out both layouts, or undo the change""")
        .inFile(spec).onLineContaining(HEADER);
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aBaselineFromBeforeEditionsIsEditionZero() throws IOException {
    rewriteBaselineEdition("formatEdition=1\n", "");
    JavaFileObject spec = source("Spec", ORIGINAL);

    Compilation compilation = compileAgainstBaseline(spec);

    assertThat(compilation).hadErrorContaining("changed:  key format edition 0 -> 1").inFile(spec)
        .onLineContaining(HEADER);
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void anEditionChangeWithAVersionBumpPassesWithTheRolloutSteps() throws IOException {
    rewriteBaselineEdition("formatEdition=1", "formatEdition=2");
    JavaFileObject spec = source("Spec", """
        @LockKeySpec(domain = "payment", action = "capture", version = 2)
        interface Spec {
          String tenant();
          long orderId();
        }
        """);

    Compilation compilation = compileAgainstBaseline(spec);

    assertThat(compilation).succeeded();
    assertThat(notes(compilation)).contains(
        "[LockKeyVersionBumped] spec Spec moves from version 1 to 2 (changed: key format edition 2 -> 1");
  }

  /** The baseline as an older or newer lockkey-processor would have written it. */
  private void rewriteBaselineEdition(String written, String instead) throws IOException {
    Path manifest = baseline.resolve("test.Spec" + ManifestWriter.SUFFIX);
    String text = Files.readString(manifest, StandardCharsets.UTF_8);
    assertThat(text).contains(written);
    Files.writeString(manifest, text.replace(written, instead), StandardCharsets.UTF_8);
  }

  @Test
  void aChangedTemplateFails() throws IOException {
    copyManifests(compile(source("Templated", """
        @LockKeySpec(domain = "order", action = "pay", template = "order:{orderId}:pay:{version}")
        interface Templated {
          long orderId();
        }
        """)), "test.Templated");
    JavaFileObject spec = source("Templated", """
        @LockKeySpec(domain = "order", action = "pay", template = "order:{orderId}:payment:{version}")
        interface Templated {
          long orderId();
        }
        """);

    Compilation compilation = compileAgainstBaseline(spec);

    assertThat(compilation).hadErrorContaining(
        "changed:  template: order:{orderId}:pay:v1 -> order:{orderId}:payment:v1")
        .inFile(spec).onLineContaining("template = ");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aVersionBumpPassesWithTheRolloutSteps() {
    JavaFileObject spec = source("Spec", """
        @LockKeySpec(domain = "payment", action = "capture", version = 2)
        interface Spec {
          long orderId();
          String tenant();
        }
        """);

    Compilation compilation = compileAgainstBaseline(spec);

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.SpecKey");
    assertThat(notes(compilation)).contains("""
        [LockKeyVersionBumped] spec Spec moves from version 1 to 2 (changed: fields reordered: [tenant, orderId] \
        -> [orderId, tenant])
          baseline: payment:capture:v1:{tenant}:{orderId} (tenant java.lang.String, orderId long)
          now:      payment:capture:v2:{orderId}:{tenant} (orderId long, tenant java.lang.String)
          roll it out in steps: 1. keep the version-1 spec as a copy under another name""");
  }

  @Test
  void theCopyOfTheOldVersionKeptForTheRolloutMustRenderTheBaselineLayout() {
    JavaFileObject bumped = source("Spec", """
        @LockKeySpec(domain = "payment", action = "capture", version = 2)
        interface Spec {
          String tenant();
          String region();
          long orderId();
        }
        """);
    JavaFileObject faithfulCopy = source("SpecV1", """
        @LockKeySpec(domain = "payment", action = "capture", version = 1)
        interface SpecV1 {
          String tenant();
          long orderId();
        }
        """);
    JavaFileObject wrongCopy = source("SpecV1", """
        @LockKeySpec(domain = "payment", action = "capture", version = 1)
        interface SpecV1 {
          String tenant();
          int orderId();
        }
        """);

    assertThat(compileAgainstBaseline(bumped, faithfulCopy)).succeededWithoutWarnings();
    Compilation compilation = compileAgainstBaseline(bumped, wrongCopy);
    assertThat(compilation).hadErrorContaining("spec SpecV1 changed its key layout but kept version 1 (as test.Spec)")
        .inFile(wrongCopy).onLineContaining("version = 1");
    assertThat(compilation).hadErrorContaining("changed:  type of orderId: long -> int");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aLoweredVersionFails() throws IOException {
    copyManifests(compile(source("Spec", """
        @LockKeySpec(domain = "payment", action = "capture", version = 3)
        interface Spec {
          String tenant();
          long orderId();
        }
        """)), "test.Spec");
    JavaFileObject spec = source("Spec", """
        @LockKeySpec(domain = "payment", action = "capture", version = 2)
        interface Spec {
          String tenant();
          long orderId();
        }
        """);

    Compilation compilation = compileAgainstBaseline(spec);

    assertThat(compilation).hadErrorContaining(
        "[LockKeyVersionLowered] spec Spec has version 2, below version 3 in the layout baseline; versions only"
            + " grow").inFile(spec).onLineContaining("version = 2");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aChangedLengthLimitIsNoLayoutChange() {
    JavaFileObject spec = source("Spec", """
        @LockKeySpec(domain = "payment", action = "capture")
        interface Spec {
          @MaxLength(16) String tenant();
          long orderId();
        }
        """);

    assertThat(compileAgainstBaseline(spec)).succeededWithoutWarnings();
  }

  @Test
  void aRenamedInterfaceIsComparedByItsKeySpace() {
    JavaFileObject same = source("Renamed", """
        @LockKeySpec(domain = "payment", action = "capture")
        interface Renamed {
          String tenant();
          long orderId();
        }
        """);
    JavaFileObject changed = source("Renamed", """
        @LockKeySpec(domain = "payment", action = "capture")
        interface Renamed {
          String tenant();
          long orderId();
          String region();
        }
        """);

    assertThat(compileAgainstBaseline(same)).succeededWithoutWarnings();
    Compilation compilation = compileAgainstBaseline(changed);
    assertThat(compilation).hadErrorContaining(
        "[LockKeyLayoutChanged] spec Renamed changed its key layout but kept version 1 (as test.Spec);");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aNewSpecPassesWithANoteToRefreshTheBaseline() {
    Compilation compilation = compileAgainstBaseline(source("Fresh", """
        @LockKeySpec(domain = "order", action = "ship")
        interface Fresh {
          long orderId();
        }
        """));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(notes(compilation)).contains(
        "[LockKeyNotInBaseline] spec Fresh is not in the layout baseline " + baseline);
  }

  @Test
  void aMissingBaselineIsAnError() {
    Path missing = baseline.resolve("missing");

    Compilation compilation = compile(
        javacWithRuntime().withOptions("-Alockkey.baseline=" + missing), source("Spec", ORIGINAL));

    assertThat(compilation).hadErrorContaining(
        "[LockKeyBaseline] cannot read the layout baseline " + missing + " named by -Alockkey.baseline: it does"
            + " not exist");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void anEmptyBaselineOptionIsAnError() {
    Compilation compilation = compile(javacWithRuntime().withOptions("-Alockkey.baseline="), source("Spec", ORIGINAL));

    assertThat(compilation).hadErrorContaining(
        "[LockKeyBaseline] cannot read the layout baseline  named by -Alockkey.baseline: the path is empty");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aBaselineFileThatIsNoManifestIsAnError() throws IOException {
    Path stray = Files.writeString(baseline.resolve("notes.properties"), "owner=payments\n", StandardCharsets.UTF_8);

    Compilation compilation = compileAgainstBaseline(source("Spec", ORIGINAL));

    assertThat(compilation).hadErrorContaining(stray + " is no layout manifest of format 1");
    assertThat(compilation.diagnostics()).filteredOn(d -> d.getKind() == Diagnostic.Kind.ERROR).hasSize(1);
  }
}
