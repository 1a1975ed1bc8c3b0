package dev.lockkey.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.lockkey.processor.GuardCompilations.compile;
import static dev.lockkey.processor.GuardCompilations.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Diagnostics of guarded methods: each on the parameter, attribute value or method at fault, each
 * alone (no cascade), and nothing generated for the class.
 */
class GuardDiagnosticsTest {
  private static final JavaFileObject SPEC = source("Capture",
      "@LockKeySpec(domain = \"payment\", action = \"capture\")",
      "interface Capture {",
      "  String tenant();",
      "  long orderId();",
      "}");

  /** A class {@code Service} with these lines as its body. */
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
  void aFieldWithoutParameterIsReportedOnTheSpecNamingTheFix() {
    assertOnlyError(service(
            "  @Locked(Capture.class)",
            "  void capture(String tenant) {}"),
        "[LockKeyGuardMissing] identity field orderId of Capture has no parameter in capture(); add a"
            + " parameter long orderId, mark the parameter that holds it @KeyField(\"orderId\"), or take a"
            + " parameter whose type implements Capture",
        "@Locked(Capture.class)");
  }

  @Test
  void aParameterOfAnotherTypeIsReportedOnTheParameter() {
    assertOnlyError(service(
            "  @Locked(Capture.class)",
            "  void capture(String tenant,",
            "      String orderId) {}"),
        "[LockKeyGuardType] parameter orderId has type java.lang.String, which cannot be passed as identity"
            + " field orderId of Capture (type long); declare the parameter as long",
        "String orderId) {}");
  }

  @Test
  void twoCandidatesForOneFieldAreReportedOnTheSecond() {
    assertOnlyError(service(
            "  @Locked(Capture.class)",
            "  void capture(String tenant,",
            "      @KeyField(\"tenant\") String tenantId,",
            "      long orderId) {}"),
        "[LockKeyGuardAmbiguous] identity field tenant of Capture could come from parameter tenant or from"
            + " parameter tenantId; a field has one source",
        "String tenantId,");
  }

  @Test
  void aKeyFieldNamingNoFieldIsReportedOnItsValue() {
    assertOnlyError(service(
            "  @Locked(Capture.class)",
            "  void capture(@KeyField(\"tennant\") String t, long orderId) {}"),
        "[LockKeyGuardKeyField] @KeyField(\"tennant\") names no identity field of Capture, whose fields are"
            + " tenant, orderId; name one of them, or remove @KeyField",
        "@KeyField(\"tennant\")");
  }

  @Test
  void aKeyFieldOnAnUnguardedMethodIsReported() {
    assertOnlyError(service(
            "  void capture(@KeyField(\"tenant\") String t) {}"),
        "[LockKeyGuardKeyField] @KeyField on parameter t of capture(), which has no @Locked",
        "@KeyField(\"tenant\")");
  }

  @Test
  void aParameterImplementingTheSpecSuppliesTheWholeKey() {
    JavaFileObject request = source("Request",
        "record Request(String tenant, long orderId, String note) implements Capture {}");
    Compilation compilation = compile(SPEC, request, service(
        "  @Locked(Capture.class)",
        "  void capture(Request request, String note) {}"));
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.ServiceGuards").contentsAsUtf8String()
        .contains("return CaptureKey.of(request.tenant(), request.orderId());");
  }

  @Test
  void aParameterImplementingTheSpecBesideANamedFieldIsAmbiguous() {
    assertOnlyError(service(
            "  @Locked(Capture.class)",
            "  void capture(Capture capture,",
            "      String tenant) {}"),
        "[LockKeyGuardAmbiguous] identity field tenant of Capture could come from parameter capture or from"
            + " parameter tenant",
        "String tenant) {}");
  }

  @Test
  void aClassThatIsNoSpecIsReportedOnTheValue() {
    assertOnlyError(service(
            "  @SingleFlighted(String.class)",
            "  String capture(String tenant) { return tenant; }"),
        "[LockKeyGuardSpec] @SingleFlighted names java.lang.String, which is not a @LockKeySpec interface",
        "@SingleFlighted(String.class)");
  }

  @Test
  void aPrivateMethodWouldRunUnguarded() {
    assertOnlyError(service(
            "  @Locked(Capture.class)",
            "  private void capture(String tenant, long orderId) {}"),
        "[LockKeyGuardMethod] capture() is private; an interceptor runs the guard, and it cannot intercept a"
            + " private method, so the method would run unguarded",
        "private void capture");
  }

  @Test
  void twoGuardsOnOneMethodAreReported() {
    assertOnlyError(service(
            "  @Locked(Capture.class)",
            "  @RateLimited(value = Capture.class, limit = 5, window = \"1m\")",
            "  void capture(String tenant, long orderId) {}"),
        "[LockKeyGuardMethod] capture() has @Locked and @RateLimited; a method takes one guard",
        "void capture");
  }

  @Test
  void aDurationTypoIsReportedOnTheValue() {
    assertOnlyError(service(
            "  @Locked(value = Capture.class,",
            "      leaseTime = \"10 seconds\")",
            "  void capture(String tenant, long orderId) {}"),
        "[LockKeyGuardDuration] leaseTime = \"10 seconds\" is not a duration; write a number and a unit (ms,"
            + " s, m, h, d), e.g. 500ms, 10s or 5m, or ISO-8601 such as PT10S",
        "leaseTime = \"10 seconds\"");
  }

  @Test
  void aRenewedLeaseUnder30MillisecondsIsReported() {
    assertOnlyError(service(
            "  @Locked(value = Capture.class, renewal = Renewal.ON,",
            "      leaseTime = \"20ms\")",
            "  void capture(String tenant, long orderId) {}"),
        "[LockKeyGuardOption] renewal = ON with leaseTime = \"20ms\"; a watchdog renews every third of the"
            + " lease, so a renewed lease is at least 30ms",
        "leaseTime = \"20ms\"");
  }

  @Test
  void aRateLimitWithoutWindowNeedsAWindowField() {
    assertOnlyError(service(
            "  @RateLimited(value = Capture.class, limit = 5)",
            "  void capture(String tenant, long orderId) {}"),
        "[LockKeyGuardOption] @RateLimited without window needs a @Window field in Capture",
        "@RateLimited(value = Capture.class, limit = 5)");
  }

  @Test
  void aRateLimitOfZeroIsReportedOnTheValue() {
    assertOnlyError(service(
            "  @RateLimited(value = Capture.class, window = \"1m\",",
            "      limit = 0)",
            "  void capture(String tenant, long orderId) {}"),
        "[LockKeyGuardOption] limit = 0; a rate limit admits at least 1 call per window",
        "limit = 0)");
  }

  @Test
  void aRateLimitedMethodHoldsNoLease() {
    assertOnlyError(service(
            "  @RateLimited(value = Capture.class, limit = 5, window = \"1m\")",
            "  void capture(String tenant, long orderId,",
            "      Lease lease) {}"),
        "[LockKeyGuardLease] parameter lease is a Lease, but a @RateLimited method holds no lease",
        "Lease lease) {}");
  }

  @Test
  void aCodecOfAnotherTypeIsReportedOnTheValue() {
    assertOnlyError(service(
            "  @SingleFlighted(value = Capture.class,",
            "      codec = Utf8.class)",
            "  Integer capture(String tenant, long orderId) { return 1; }",
            "  static class Utf8 implements dev.lockkey.codec.ResultCodec<String> {",
            "    public byte[] encode(String value) { return value.getBytes(); }",
            "    public String decode(byte[] bytes) { return new String(bytes); }",
            "  }"),
        "[LockKeyGuardResult] codec = Utf8.class is not a ResultCodec<java.lang.Integer>, but capture() returns"
            + " java.lang.Integer; name a codec of the return type",
        "codec = Utf8.class)");
  }

  @Test
  void aCodecWithoutAnAccessibleConstructorIsReportedOnTheValue() {
    assertOnlyError(service(
            "  @SingleFlighted(value = Capture.class,",
            "      codec = Codec.class)",
            "  long capture(String tenant, long orderId) { return 1; }",
            "  static class Codec implements dev.lockkey.codec.ResultCodec<Long> {",
            "    private Codec() {}",
            "    public byte[] encode(Long value) { return value.toString().getBytes(); }",
            "    public Long decode(byte[] bytes) { return Long.valueOf(new String(bytes)); }",
            "  }"),
        "[LockKeyGuardResult] codec = Codec.class cannot be created by generated code: it has no no-argument"
            + " constructor that Service's package can call; give it a public no-argument constructor",
        "codec = Codec.class)");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "static method | @Locked(Capture.class) | static void capture(String tenant, long orderId) {}"
          + " | [LockKeyGuardMethod] capture() is static; an interceptor runs the guard, and it cannot intercept a"
          + " static method",
      "private parameter type | @Locked(Capture.class) | void capture(String tenant, long orderId, Hidden h) {}"
          + " | [LockKeyGuardMethod] capture() mentions test.Service.Hidden, which is private; the generated"
          + " ServiceGuards cannot name it",
      "type variable | @Locked(Capture.class) | <T extends String> void capture(T tenant, long orderId) {}"
          + " | [LockKeyGuardType] parameter tenant has type T, which depends on a type variable",
      "two leases | @Locked(Capture.class) | void capture(String tenant, long orderId, Lease a, Lease b) {}"
          + " | [LockKeyGuardLease] parameters a and b are both a Lease; the held lease goes to one parameter",
      "negative wait | @Locked(value = Capture.class, waitTime = \"PT-1S\") | void capture(String tenant, long orderId) {}"
          + " | [LockKeyGuardDuration] waitTime = \"PT-1S\" is negative; use 0s not to wait",
      "short flight lease | @SingleFlighted(value = Capture.class, leaseTime = \"10ms\")"
          + " | String capture(String tenant, long orderId) { return tenant; }"
          + " | [LockKeyGuardDuration] leaseTime = \"10ms\" is under 30ms; a single flight renews its leader's lease",
      "burst without window | @RateLimited(value = Capture.class, limit = 5, burst = 2)"
          + " | void capture(String tenant, long orderId) {}"
          + " | [LockKeyGuardOption] burst = 2 without window; a smooth limit admits limit calls per window",
      "purpose | @RateLimited(value = Capture.class, limit = 5, window = \"1m\", purpose = \"Refund!\")"
          + " | void capture(String tenant, long orderId) {}"
          + " | [LockKeyGuardOption] purpose = \"Refund!\" is not a word"})
  void moreRules(String rule, String annotation, String method, String message) {
    assertOnlyError(service(
            "  private static class Hidden {}",
            "  " + annotation,
            "  " + method),
        message,
        message.contains("LockKeyGuardMethod") || message.contains("LockKeyGuardType")
            || message.contains("LockKeyGuardLease") ? method : annotation);
  }

  @Test
  void aSingleFlightSharesOnlyStringsAndBytes() {
    assertOnlyError(service(
            "  @SingleFlighted(Capture.class)",
            "  int capture(String tenant, long orderId) { return 1; }"),
        "[LockKeyGuardResult] @SingleFlighted capture() returns int; a shared result is stored in Redis",
        "int capture");
  }
}
