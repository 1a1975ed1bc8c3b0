package dev.lockkey.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.lockkey.processor.Compilations.compile;
import static dev.lockkey.processor.Compilations.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Warnings point at fields that make a key useless, and yield to {@code @SuppressWarnings("lockkey")}. */
class WarningsTest {

  @ParameterizedTest
  @ValueSource(strings = {"requestId", "traceId", "spanId", "correlationId", "nonce", "timestamp", "createdAt",
      "now", "random", "request_id", "createdAtMillis", "nowMillis", "requestUuid", "xRequestId", "trace_id"})
  void perRequestNoiseWarns(String name) {
    JavaFileObject spec = source("Spec",
        "@LockKeySpec(domain = \"payment\", action = \"capture\")",
        "interface Spec {",
        "  String tenant();",
        "  String " + name + "();",
        "}");

    Compilation compilation = compile(spec);

    assertThat(compilation).succeeded();
    assertThat(compilation)
        .hadWarningContaining("[LockKeyNoise] identity field " + name + "() looks like per-request data; a key"
            + " holding it differs on every request and never locks anything")
        .inFile(spec).onLineContaining(name + "()");
    assertThat(compilation).hadWarningCount(1);
    assertThat(compilation).generatedSourceFile("test.SpecKey");
  }

  @ParameterizedTest
  @ValueSource(strings = {"orderId", "accountNumber", "timeZone", "nowhere", "requestType"})
  void honestNamesDoNotWarn(String name) {
    JavaFileObject spec = source("Spec",
        "@LockKeySpec(domain = \"payment\", action = \"capture\")",
        "interface Spec {",
        "  String " + name + "();",
        "}");

    assertThat(compile(spec)).succeededWithoutWarnings();
  }

  @Test
  void suppressedOnTheMethod() {
    JavaFileObject spec = source("Spec", """
        @LockKeySpec(domain = "payment", action = "capture")
        interface Spec {
          @SuppressWarnings("lockkey") // one capture per client request, by design
          String requestId();
        }
        """);

    assertThat(compile(spec)).succeededWithoutWarnings();
  }

  @Test
  void suppressedOnTheSpecOrAnEnclosingType() {
    JavaFileObject onSpec = source("Spec", """
        @SuppressWarnings({"unchecked", "lockkey"})
        @LockKeySpec(domain = "payment", action = "capture")
        interface Spec {
          String nonce();
        }
        """);
    JavaFileObject onOuter = source("Outer", """
        @SuppressWarnings("lockkey")
        class Outer {
          @LockKeySpec(domain = "refund", action = "capture")
          interface Nested {
            String traceId();
          }
        }
        """);

    assertThat(compile(onSpec, onOuter)).succeededWithoutWarnings();
  }

  @Test
  void otherSuppressionsDoNotSilenceIt() {
    JavaFileObject spec = source("Spec", """
        @SuppressWarnings("all")
        @LockKeySpec(domain = "payment", action = "capture")
        interface Spec {
          String nonce();
        }
        """);

    assertThat(compile(spec)).hadWarningContaining("[LockKeyNoise]");
  }

  @Test
  void windowedTimeIsNoNoise() {
    JavaFileObject spec = source("Spec", """
        @LockKeySpec(domain = "login", action = "attempt")
        interface Spec {
          String user();

          @Window(size = 1, unit = ChronoUnit.MINUTES)
          Instant timestamp();
        }
        """);

    assertThat(compile(spec)).succeededWithoutWarnings();
  }
}
