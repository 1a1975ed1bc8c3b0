package dev.lockkey.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.lockkey.processor.Compilations.compile;
import static dev.lockkey.processor.Compilations.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Diagnostics of records fingerprinted as {@code @Hashed} fields or through
 * {@code @Fingerprinted}: each names the record, the member and the rule, once.
 */
class FingerprintDiagnosticsTest {

  /** A spec whose field {@code request()} is {@code @Hashed Request}, with {@code member} in the record. */
  private static JavaFileObject specWithMember(String member) {
    return source("Spec",
        "@LockKeySpec(domain = \"order\", action = \"place\")",
        "interface Spec {",
        "  @Hashed Request request();",
        "  record Request(String id, " + member + ") {}",
        "}");
  }

  private static void assertOnlyError(JavaFileObject source, String message, String line) {
    Compilation compilation = compile(source);
    assertThat(compilation).hadErrorContaining(message).inFile(source).onLineContaining(line);
    assertThat(compilation).hadErrorCount(1);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "double price|[LockKeyFingerprint] record Spec.Request member price has type double; binary floating point",
      "List<Float> prices|[LockKeyFingerprint] record Spec.Request member prices has type java.util.List<java.lang.Float>; binary floating point",
      "Instant sentAt|[LockKeyFingerprint] record Spec.Request member sentAt has type java.time.Instant; a raw timestamp",
      "Map<Integer, String> byId|[LockKeyFingerprint] record Spec.Request member byId has type java.util.Map<java.lang.Integer,java.lang.String>; JSON member names are strings",
      "List<Optional<String>> notes|[LockKeyFingerprint] record Spec.Request member notes has type java.util.List<java.util.Optional<java.lang.String>>, which has no canonical JSON",
      "Object extra|[LockKeyFingerprint] record Spec.Request member extra has type java.lang.Object, which has no canonical JSON",
      "byte[] blob|[LockKeyFingerprint] record Spec.Request member blob has type byte[], which has no canonical JSON",
      "List<?> any|[LockKeyFingerprint] record Spec.Request member any has type java.util.List<?>, which has no canonical JSON",
  })
  void unsupportedMembersAreNamedWithTheirRecord(String member, String message) {
    assertOnlyError(specWithMember(member), message, "@Hashed Request request();");
  }

  @Test
  void excludedMembersAreNeverChecked() {
    assertThat(compile(specWithMember("@NotInFingerprint double score, @NotInFingerprint Instant sentAt")))
        .succeededWithoutWarnings();
  }

  @Test
  void nestedRecordsAreCheckedToo() {
    JavaFileObject spec = source("Spec",
        "@LockKeySpec(domain = \"order\", action = \"place\")",
        "interface Spec {",
        "  @Hashed Request request();",
        "  record Request(List<Line> lines) {}",
        "  record Line(String sku, float weight) {}",
        "}");
    assertOnlyError(spec, "[LockKeyFingerprint] record Spec.Line member weight has type float; binary floating point",
        "@Hashed Request request();");
  }

  @Test
  void aRecordFieldNeedsHashed() {
    JavaFileObject spec = source("Spec",
        "@LockKeySpec(domain = \"order\", action = \"place\")",
        "interface Spec {",
        "  Request request();",
        "  record Request(String id) {}",
        "}");
    assertOnlyError(spec, "[LockKeyFieldType] identity field request() has type test.Spec.Request, a record, which has"
        + " no canonical text; add @Hashed", "Request request();");
  }

  @Test
  void aRecordFieldIsNotSecret() {
    JavaFileObject spec = source("Spec",
        "@LockKeySpec(domain = \"order\", action = \"place\")",
        "interface Spec {",
        "  @Secret Request request();",
        "  record Request(String id) {}",
        "}");
    assertOnlyError(spec, "[LockKeyModifier] @Secret does not fit identity field request() of type test.Spec.Request",
        "@Secret Request request();");
  }

  @Test
  void aRecordFieldStandsAlone() {
    JavaFileObject spec = source("Spec",
        "@LockKeySpec(domain = \"order\", action = \"place\")",
        "interface Spec {",
        "  @Hashed List<Request> requests();",
        "  record Request(String id) {}",
        "}");
    assertOnlyError(spec, "[LockKeyFieldType] identity field requests() has type java.util.List<test.Spec.Request>;"
        + " a record is a field only on its own", "@Hashed List<Request> requests();");
  }

  @Test
  void aGenericRecordIsRefused() {
    JavaFileObject record = source("Box", "@Fingerprinted record Box<T>(List<T> items) {}");
    Compilation compilation = compile(record);
    assertThat(compilation).hadErrorContaining("[LockKeyFingerprint] record Box declares type parameters <T>")
        .inFile(record).onLineContaining("record Box");
  }

  @Test
  void fingerprintedIsForRecords() {
    assertOnlyError(source("Request", "@Fingerprinted final class Request {}"),
        "[LockKeyFingerprint] @Fingerprinted Request is class; canonical JSON is generated for records only",
        "@Fingerprinted");
  }

  @Test
  void fingerprintedProblemsAreOnTheRecord() {
    JavaFileObject record = source("Request", "@Fingerprinted record Request(String id, double amount) {}");
    assertOnlyError(record, "[LockKeyFingerprint] record Request member amount has type double", "record Request");
  }

  @Test
  void aFingerprintedRecordCompilesWithoutWarnings() {
    JavaFileObject record = source("Request",
        "@Fingerprinted record Request(String id, Optional<BigDecimal> amount, Map<String, Set<UUID>> refs,",
        "    YearMonth month, Inner inner, @NotInFingerprint String traceId) {",
        "  record Inner(boolean flag, Short small, List<List<Integer>> grid) {}",
        "}");
    Compilation compilation = compile(record);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.RequestFingerprint");
    assertThat(compilation).generatedSourceFile("test.RequestInnerFingerprint");
  }
}
