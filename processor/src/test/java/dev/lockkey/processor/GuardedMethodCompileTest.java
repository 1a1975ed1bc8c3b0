package dev.lockkey.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.lockkey.processor.GuardCompilations.compile;
import static dev.lockkey.processor.GuardCompilations.source;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Guarded methods that compile: specs from a jar, secrets, generic parameters, options written as code. */
class GuardedMethodCompileTest {
  private static final JavaFileObject SPEC = source("Capture",
      "@LockKeySpec(domain = \"payment\", action = \"capture\")",
      "public interface Capture {",
      "  String tenant();",
      "  long orderId();",
      "}");

  @Test
  void aSpecFromTheClassPathIsReadFromItsClassFile(@TempDir Path classes) throws IOException {
    Compilation library = compile(SPEC);
    assertThat(library).succeeded();
    for (JavaFileObject file : library.generatedFiles()) {
      if (file.getKind() == JavaFileObject.Kind.CLASS) {
        Path target = classes.resolve(file.toUri().getPath().replaceFirst("^/CLASS_OUTPUT/", ""));
        Files.createDirectories(target.getParent());
        try (InputStream in = file.openInputStream()) {
          Files.copy(in, target);
        }
      }
    }

    Compilation application = compile(
        Compilations.javacWithRuntime().withClasspath(List.of(Compilations.RUNTIME, classes.toFile())),
        source("Service",
            "public class Service {",
            "  @Locked(value = Capture.class, waitTime = \"250ms\")",
            "  public void capture(long orderId, String tenant) {}",
            "}"));
    assertThat(application).succeededWithoutWarnings();
    assertThat(application).generatedSourceFile("test.ServiceGuards").contentsAsUtf8String()
        .contains("return CaptureKey.of(tenant, orderId);");
    assertThat(application).generatedSourceFile("test.ServiceGuards").contentsAsUtf8String()
        .contains("LockPolicy.defaults().waitTime(Duration.ofMillis(250))");
  }

  @Test
  void everyLintWarningAnErrorStillCompiles() {
    Compilation compilation = compile(Compilations.javacWithRuntime().withOptions("-Xlint:all", "-Werror"),
        SPEC,
        source("Service",
            "public class Service {",
            "  @Locked(value = Capture.class, renewal = Renewal.ON)",
            "  public long capture(@KeyField(\"tenant\") String t, long orderId, Lease lease) {",
            "    return lease.fencingToken();",
            "  }",
            "  @RateLimited(value = Capture.class, limit = 5, window = \"1m\")",
            "  public void refund(String tenant, long orderId, List<String> reasons) {}",
            "}"));
    assertThat(compilation).succeededWithoutWarnings(); // every annotation claimed, generated code lint-free
    assertThat(compilation).generatedSourceFile("test.ServiceGuards");
  }

  @Test
  void aSpecWithSecretFieldsTakesTheInvokersSecret() {
    Compilation compilation = compile(
        source("Verification",
            "@LockKeySpec(domain = \"phone\", action = \"verify\")",
            "interface Verification {",
            "  @Secret String phone();",
            "}"),
        source("Service",
            "class Service {",
            "  @RateLimited(value = Verification.class, limit = 3, window = \"1h\", burst = 2, purpose = \"verify-sms\")",
            "  void send(String phone, String secret) {}",
            "}"));
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.ServiceGuards").contentsAsUtf8String()
        .contains("RateLimit.smooth(3, Duration.ofHours(1), 2).withPurpose(\"verify-sms\")");
    assertThat(compilation).generatedSourceFile("test.ServiceGuards").contentsAsUtf8String()
        .contains("public static VerificationKey sendKey(KeySecret secret, String phone) {");
    assertThat(compilation).generatedSourceFile("test.ServiceGuards").contentsAsUtf8String()
        .contains(".withSecret()");
  }

  @Test
  void aSingleFlightOfAnotherResultTypeUsesTheNamedCodec() {
    Compilation compilation = compile(SPEC,
        source("Quote", "record Quote(long amount) {}"),
        source("QuoteCodec",
            "public class QuoteCodec implements dev.lockkey.codec.ResultCodec<Quote> {",
            "  public byte[] encode(Quote quote) { return Long.toString(quote.amount()).getBytes(); }",
            "  public Quote decode(byte[] bytes) { return new Quote(Long.parseLong(new String(bytes))); }",
            "}"),
        source("Service",
            "class Service {",
            "  @SingleFlighted(value = Capture.class, codec = QuoteCodec.class)",
            "  Quote quote(String tenant, long orderId) { return new Quote(orderId); }",
            "}"));
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.ServiceGuards").contentsAsUtf8String()
        .contains("FlightOptions.builder(new QuoteCodec()).build()");
  }

  @Test
  void aKotlinSpecsFieldsAreItsPropertiesAndItsGettersCopyAWholeKey() {
    Compilation compilation = compile(
        com.google.testing.compile.JavaFileObjects.forSourceLines(
            "kotlin.Metadata", "package kotlin;", "public @interface Metadata {}"),
        source("Refund",
            "@kotlin.Metadata",
            "@LockKeySpec(domain = \"refund\", action = \"issue\")",
            "public interface Refund {",
            "  String getTenant();",
            "  boolean isPartial();",
            "}"),
        source("Service",
            "class Service {",
            "  @Locked(Refund.class)",
            "  void issue(String tenant, boolean partial) {}",
            "  @Locked(Refund.class)",
            "  void reissue(Refund refund) {}",
            "}"));
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.ServiceGuards").contentsAsUtf8String()
        .contains("return RefundKey.of(tenant, partial);");
    assertThat(compilation).generatedSourceFile("test.ServiceGuards").contentsAsUtf8String()
        .contains("RefundKey.of(refund.getTenant(), refund.isPartial())");
  }

  @Test
  void genericParametersAreCastWithoutWarnings() {
    Compilation compilation = compile(
        source("Batch",
            "@LockKeySpec(domain = \"order\", action = \"batch\")",
            "interface Batch {",
            "  String tenant();",
            "  @Unordered Set<Long> orderIds();",
            "}"),
        source("Service",
            "class Service {",
            "  @SingleFlighted(value = Batch.class, leaseTime = \"1m\")",
            "  byte[] export(String tenant, Set<Long> orderIds, Map<String, List<? extends Number>> options) {",
            "    return new byte[0];",
            "  }",
            "  @SingleFlighted(Batch.class)",
            "  byte[] export(String tenant, TreeSet<Long> orderIds) { return new byte[0]; }",
            "}"));
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.ServiceGuards").contentsAsUtf8String()
        .contains("public static BatchKey exportKey2(String tenant, TreeSet<Long> orderIds)");
  }
}
