package dev.lockkey.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.lockkey.processor.Compilations.compile;
import static dev.lockkey.processor.Compilations.javacWithRuntime;
import static dev.lockkey.processor.Compilations.source;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.InputStream;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the processor behaves around errors and in real builds: every problem of a spec at once,
 * other specs unharmed, types from later rounds, nested and unnamed-package specs, output of an
 * earlier build on the class path.
 */
class ProcessorRobustnessTest {

  private static final JavaFileObject GOOD = source("Good", """
      @LockKeySpec(domain = "payment", action = "capture")
      public interface Good {
        String tenant();
      }
      """);

  @Test
  void everyIndependentProblemOfASpecIsReportedAtOnce() {
    JavaFileObject spec = source("Spec", """
        @LockKeySpec(domain = "Payment", action = "capture", version = 0)
        interface Spec {
          double amount();

          Instant at();

          @Unordered
          String tenant();

          String region(int index);
        }
        """);

    Compilation compilation = compile(spec);

    assertThat(compilation).hadErrorContaining("[LockKeyWord] domain \"Payment\"").inFile(spec)
        .onLineContaining("@LockKeySpec");
    assertThat(compilation).hadErrorContaining("[LockKeyVersion] version is 0").inFile(spec)
        .onLineContaining("@LockKeySpec");
    assertThat(compilation).hadErrorContaining("[LockKeyFieldType] identity field amount()").inFile(spec)
        .onLineContaining("double amount();");
    assertThat(compilation).hadErrorContaining("[LockKeyWindow] identity field at()").inFile(spec)
        .onLineContaining("Instant at();");
    assertThat(compilation).hadErrorContaining("[LockKeyModifier] @Unordered").inFile(spec)
        .onLineContaining("@Unordered");
    assertThat(compilation).hadErrorContaining("[LockKeyAccessor] identity field region(int)").inFile(spec)
        .onLineContaining("String region(int index);");
    assertThat(compilation).hadErrorCount(6);
  }

  @Test
  void badSpecDoesNotStopAGoodOne() {
    JavaFileObject bad = source("Bad", """
        @LockKeySpec(domain = "refund", action = "capture")
        interface Bad {
          double amount();
        }
        """);
    JavaFileObject user = source("User", """
        class User {
          String body() {
            return GoodKey.of("t42").canonical();
          }
        }
        """);

    Compilation compilation = compile(bad, GOOD, user);

    assertThat(compilation).hadErrorContaining("[LockKeyFieldType]").inFile(bad).onLineContaining("amount()");
    assertThat(compilation).hadErrorCount(1); // User compiled: GoodKey was generated
  }

  @Test
  void badSpecCausesNoCascadeWhereItsKeyIsUsed() {
    JavaFileObject bad = source("Bad", """
        @LockKeySpec(domain = "refund", action = "capture")
        interface Bad {
          double amount();
        }
        """);
    JavaFileObject user = source("User", """
        class User {
          Object key = BadKey.of(1.0);
        }
        """);

    Compilation compilation = compile(bad, user);

    assertThat(compilation).hadErrorContaining("[LockKeyFieldType]").inFile(bad).onLineContaining("amount()");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void nestedSpecGeneratesATopLevelKeyInItsPackage() {
    JavaFileObject spec = source("Payments", """
        public class Payments {
          @LockKeySpec(domain = "payment", action = "capture")
          public interface Capture {
            String tenant();
          }

          static String body() {
            return CaptureKey.of("t42").canonical();
          }
        }
        """);

    Compilation compilation = compile(spec);

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.CaptureKey").contentsAsUtf8String()
        .contains("public final class CaptureKey implements Payments.Capture, LockKey {");
  }

  @Test
  void specInTheUnnamedPackage() {
    JavaFileObject spec = JavaFileObjects.forSourceLines("Capture",
        "@dev.lockkey.LockKeySpec(domain = \"payment\", action = \"capture\")",
        "interface Capture {",
        "  String tenant();",
        "}");

    Compilation compilation = compile(spec);

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("CaptureKey");
  }

  @Test
  void fieldNamesThatGeneratedCodeAlsoUsesDoNotClash() {
    JavaFileObject spec = source("Spec", """
        @LockKeySpec(domain = "payment", action = "capture")
        interface Spec {
          String body();

          @Secret
          String secret();

          String format();

          String build();

          String other();

          String source();

          String from();

          Optional<String> bodyText();

          List<String> SPEC();
        }
        """);
    JavaFileObject user = source("User", """
        class User {
          SpecKey key = SpecKey.builder(KeySecret.of(new byte[16]))
              .body("b").secret("s").format("f").build("x").other("o").source("s").from("f").SPEC(List.of("l"))
              .bodyText("t").build();
          SpecKey copy = SpecKey.from(KeySecret.of(new byte[16]), key);
        }
        """);

    assertThat(compile(spec, user)).succeededWithoutWarnings();
  }

  @Test
  void unresolvableAttributeIsLeftToJavac() {
    JavaFileObject spec = source("Spec", """
        @LockKeySpec(domain = Domains.PAYMENT, action = "capture")
        interface Spec {
          String tenant();
        }
        """);

    Compilation compilation = compile(spec);

    assertThat(compilation).hadErrorContaining("cannot find symbol").inFile(spec).onLineContaining("Domains.PAYMENT");
    assertThat(compilation).hadErrorContaining("[LockKeyUnresolved] SpecKey was not generated: spec test.Spec refers"
        + " to the value of @LockKeySpec's domain, which javac could not resolve after the last round")
        .inFile(spec).onLineContaining("interface Spec");
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void fieldTypeFromALaterRoundIsAwaited() {
    JavaFileObject spec = source("Spec", """
        @LockKeySpec(domain = "payment", action = "capture")
        interface Spec {
          Status status();
        }
        """);

    Compilation compilation = javacWithRuntime()
        .withProcessors(new StatusGenerator(), new LockKeyProcessor())
        .compile(spec);

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.SpecKey").contentsAsUtf8String()
        .contains("FieldDescriptor.of(\"status\", \"test.Status\")");
  }

  @Test
  void unknownFieldTypeIsLeftToJavac() {
    JavaFileObject spec = source("Spec", """
        @LockKeySpec(domain = "payment", action = "capture")
        interface Spec {
          Missing status();
        }
        """);

    Compilation compilation = compile(spec);

    assertThat(compilation).hadErrorContaining("cannot find symbol").inFile(spec).onLineContaining("Missing");
    assertThat(compilation).hadErrorContaining("[LockKeyUnresolved] SpecKey was not generated: spec test.Spec refers"
        + " to Missing, which javac could not resolve")
        .inFile(spec).onLineContaining("interface Spec");
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void specMayMentionItsKeyInStaticAndDefaultMethods() {
    JavaFileObject spec = source("Refund", """
        @LockKeySpec(domain = "refund", action = "issue")
        public interface Refund {
          String tenant();
          long orderId();

          static RefundKey of(Refund refund) {
            return RefundKey.from(refund);
          }

          default RefundKey key() {
            return RefundKey.of(tenant(), orderId());
          }

          default List<RefundKey> keys() {
            return List.of(key());
          }
        }
        """);
    JavaFileObject record = source("RefundRecord", """
        record RefundRecord(String tenant, long orderId) implements Refund {
          RefundKey asKey() {
            return Refund.of(this);
          }
        }
        """);

    Compilation compilation = compile(javacWithRuntime().withOptions("-Xlint:all", "-Werror"), spec, record);

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.RefundKey");
  }

  @Test
  void keyOfAnotherSpecIsAwaitedToo() {
    JavaFileObject first = source("Refund", """
        @LockKeySpec(domain = "refund", action = "issue")
        public interface Refund {
          String tenant();

          static RefundKey of(CaptureKey capture) {
            return RefundKey.of(capture.tenant());
          }
        }
        """);
    JavaFileObject second = source("Capture", """
        @LockKeySpec(domain = "payment", action = "capture")
        public interface Capture {
          String tenant();
          Status status();
        }
        """);

    Compilation compilation = javacWithRuntime()
        .withProcessors(new StatusGenerator(), new LockKeyProcessor())
        .withOptions("-Xlint:all", "-Werror")
        .compile(first, second);

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.RefundKey");
    assertThat(compilation).generatedSourceFile("test.CaptureKey");
  }

  @Test
  void outputOfAnEarlierBuildOnTheClassPathIsNoNameClash(@TempDir Path earlierBuild) throws IOException {
    Compilation first = compile(GOOD);
    assertThat(first).succeeded();
    for (JavaFileObject file : first.generatedFiles()) {
      if (file.getKind() == JavaFileObject.Kind.CLASS) {
        Path target = earlierBuild.resolve(file.toUri().getPath().replaceFirst(".*/CLASS_OUTPUT/", ""));
        Files.createDirectories(target.getParent());
        try (InputStream in = file.openInputStream()) {
          Files.copy(in, target);
        }
      }
    }

    assertTrue(Files.exists(earlierBuild.resolve("test/GoodKey.class")), "the earlier build's key is on the class path");

    Compilation again = Compilations.compile(
        javacWithRuntime().withClasspath(List.of(Compilations.RUNTIME, earlierBuild.toFile())), GOOD);

    assertThat(again).succeededWithoutWarnings();
    assertThat(again).generatedSourceFile("test.GoodKey");
  }

  /** Generates {@code test.Status} in the first round, like a processor the spec's field type comes from. */
  @SupportedAnnotationTypes("*")
  private static final class StatusGenerator extends AbstractProcessor {
    private boolean done;

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      if (!done) {
        done = true;
        try (Writer out = processingEnv.getFiler().createSourceFile("test.Status").openWriter()) {
          out.write("package test; public enum Status { OPEN, CLOSED }");
        } catch (IOException e) {
          throw new IllegalStateException(e);
        }
      }
      return false;
    }
  }
}
