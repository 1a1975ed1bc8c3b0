package dev.lockkey.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.lockkey.processor.GuardCompilations.compile;
import static dev.lockkey.processor.GuardCompilations.source;

import com.google.testing.compile.Compilation;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** {@code @Permitted}, {@code @ReadLocked} and {@code @WriteLocked}: keys and options checked by javac, as for {@code @Locked}. */
class SharedLockDiagnosticsTest {
  private static final JavaFileObject SPEC = source("Capture",
      "@LockKeySpec(domain = \"payment\", action = \"capture\")",
      "interface Capture {",
      "  String tenant();",
      "  long orderId();",
      "}");

  private static JavaFileObject service(String... body) {
    String[] lines = new String[body.length + 2];
    lines[0] = "class Service {";
    System.arraycopy(body, 0, lines, 1, body.length);
    lines[lines.length - 1] = "}";
    return source("Service", lines);
  }

  private static void assertOnlyError(JavaFileObject service, String message, String line) {
    Compilation compilation = compile(SPEC, service);
    assertThat(compilation).hadErrorContaining(message).inFile(service).onLineContaining(line);
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void guardedMethodsOfEachKindCompileAndGetAGuard() {
    Compilation compilation = compile(SPEC, service(
        "  @Permitted(value = Capture.class, permits = 4, leaseTime = \"10s\", renewal = Renewal.ON)",
        "  void export(String tenant, long orderId, Lease permit) {}",
        "  @ReadLocked(value = Capture.class, waitTime = \"1s\")",
        "  void read(String tenant, long orderId) {}",
        "  @WriteLocked(Capture.class)",
        "  void write(String tenant, long orderId, Lease lease) {}"));
    assertThat(compilation).succeededWithoutWarnings();
    for (String guard : List.of("MethodGuard.permitted(\"export\"", "MethodGuard.readLocked(\"read\"",
        "MethodGuard.writeLocked(\"write\"", "4, LockPolicy.defaults()")) {
      assertThat(compilation).generatedSourceFile("test/ServiceGuards").contentsAsUtf8String().contains(guard);
    }
  }

  @Test
  void permitsOutOfRangeAreReportedOnTheValue() {
    assertOnlyError(service(
            "  @Permitted(value = Capture.class, permits = 0)",
            "  void export(String tenant, long orderId) {}"),
        "[LockKeyGuardOption] permits = 0; a key has 1 to 10000 permits",
        "permits = 0");
  }

  @Test
  void aFieldWithoutParameterIsAnErrorForAReadLockToo() {
    assertOnlyError(service(
            "  @ReadLocked(Capture.class)",
            "  void read(String tenant) {}"),
        "[LockKeyGuardMissing] identity field orderId of Capture has no parameter in read()",
        "@ReadLocked(Capture.class)");
  }

  @Test
  void aBadDurationOfAWriteLockIsReportedOnTheValue() {
    assertOnlyError(service(
            "  @WriteLocked(value = Capture.class, waitTime = \"5 parsecs\")",
            "  void write(String tenant, long orderId) {}"),
        "[LockKeyGuardDuration] waitTime = \"5 parsecs\" is not a duration",
        "5 parsecs");
  }

  @Test
  void aPermitAndALockOnOneMethodAreTwoGuards() {
    assertOnlyError(service(
            "  @Locked(Capture.class)",
            "  @Permitted(value = Capture.class, permits = 2)",
            "  void export(String tenant, long orderId) {}"),
        "[LockKeyGuardMethod] export() has @Locked and @Permitted; a method takes one guard",
        "void export");
  }
}
