package dev.lockkey.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.lockkey.processor.GuardCompilations.compile;
import static dev.lockkey.processor.GuardCompilations.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * {@code @ScheduledJob} methods and the {@code @OneResource} specs they usually name: what compiles,
 * what it generates, and each mistake as one error on its own line.
 */
class ScheduledJobCompileTest {
  private static final JavaFileObject NIGHTLY = source("Nightly",
      "@OneResource",
      "@LockKeySpec(domain = \"report\", action = \"nightly\")",
      "public interface Nightly {}");

  @Test
  void aJobOnAOneResourceSpecCompilesToAJobPolicyAndAKeyWithoutArguments() {
    Compilation compilation = compile(Compilations.javacWithRuntime().withOptions("-Xlint:all", "-Werror"), NIGHTLY,
        source("Reports",
            "public class Reports {",
            "  @ScheduledJob(value = Nightly.class, holdAtLeast = \"500ms\", holdAtMost = \"10s\")",
            "  public void nightly(Lease lease) {}",
            "  @ScheduledJob(Nightly.class)",
            "  void hourly() {}",
            "}"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.NightlyKey").contentsAsUtf8String()
        .contains("public static NightlyKey of() {");
    String guards = guards(compilation);
    org.assertj.core.api.Assertions.assertThat(guards)
        .contains("MethodGuard.scheduledJob(\"nightly\"")
        .contains("JobPolicy.defaults().holdAtLeast(Duration.ofMillis(500)).holdAtMost(Duration.ofSeconds(10))")
        .contains(".withLeaseParameter(0)")
        .contains("MethodGuard.scheduledJob(\"hourly\", List.of(),")
        .contains("JobPolicy.defaults(),")
        .contains("return NightlyKey.of();");
  }

  private static String guards(Compilation compilation) {
    try {
      return compilation.generatedSourceFile("test.ReportsGuards").orElseThrow().getCharContent(true).toString();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void aJobReturningAValueIsAnError() {
    JavaFileObject service = source("Reports",
        "public class Reports {",
        "  @ScheduledJob(Nightly.class)",
        "  public int nightly() { return 1; }",
        "}");
    Compilation compilation = compile(NIGHTLY, service);

    assertThat(compilation).hadErrorContaining("[LockKeyGuardResult] @ScheduledJob nightly() returns int; a run that"
        + " another instance holds is skipped and has no result; make the method void")
        .inFile(service).onLineContaining("public int nightly()");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void holdingAtLeastLongerThanTheLeaseIsAnErrorOnTheValue() {
    JavaFileObject service = source("Reports",
        "public class Reports {",
        "  @ScheduledJob(value = Nightly.class,",
        "      holdAtMost = \"1m\",",
        "      holdAtLeast = \"2m\")",
        "  public void nightly() {}",
        "}");
    Compilation compilation = compile(NIGHTLY, service);

    assertThat(compilation).hadErrorContaining("[LockKeyGuardOption] holdAtLeast = \"2m\" is longer than holdAtMost"
        + " = \"1m\", the lease of a run").inFile(service).onLineContaining("holdAtLeast = \"2m\"");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aBadDurationAndAFencingTokenParameterAreErrorsOfTheirOwn() {
    JavaFileObject service = source("Reports",
        "public class Reports {",
        "  @ScheduledJob(value = Nightly.class, holdAtLeast = \"soon\")",
        "  public void nightly(FencingToken token) {}",
        "}");
    Compilation compilation = compile(NIGHTLY, service);

    assertThat(compilation).hadErrorContaining("[LockKeyGuardDuration] holdAtLeast = \"soon\" is not a duration")
        .inFile(service).onLineContaining("holdAtLeast = \"soon\"");
    assertThat(compilation).hadErrorContaining("[LockKeyGuardLease] parameter token is a FencingToken")
        .inFile(service).onLineContaining("FencingToken token");
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void aSpecWithoutFieldsNeedsOneResourceAndOneResourceNeedsNoFields() {
    JavaFileObject constant = source("Constant",
        "@LockKeySpec(domain = \"report\", action = \"constant\")",
        "public interface Constant {}");
    JavaFileObject both = source("Both",
        "@OneResource",
        "@LockKeySpec(domain = \"report\", action = \"both\")",
        "public interface Both {",
        "  String tenant();",
        "}");
    Compilation compilation = compile(constant, both);

    assertThat(compilation).hadErrorContaining("[LockKeyNoFields] spec Constant has no identity field")
        .inFile(constant).onLineContaining("interface Constant");
    assertThat(compilation).hadErrorContaining("[LockKeyOneResource] spec Both is @OneResource, which names one"
        + " resource without identity fields, but declares tenant(); remove @OneResource, or the fields")
        .inFile(both).onLineContaining("interface Both");
    assertThat(compilation).hadErrorCount(2);
  }
}
