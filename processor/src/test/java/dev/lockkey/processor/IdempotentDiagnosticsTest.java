package dev.lockkey.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.lockkey.processor.GuardCompilations.compile;
import static dev.lockkey.processor.GuardCompilations.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Diagnostics of {@code @Idempotent} methods: the key rules of every guard, the payload, the
 * fencing token, the result's codec and the options; each on the parameter, attribute value or
 * method at fault, each alone (no cascade).
 */
class IdempotentDiagnosticsTest {
  private static final JavaFileObject SPEC = source("Capture",
      "@LockKeySpec(domain = \"payment\", action = \"capture\")",
      "interface Capture {",
      "  String tenant();",
      "  long orderId();",
      "}");
  private static final JavaFileObject AMOUNT = source("Amount",
      "@Fingerprinted",
      "record Amount(long minorUnits, String currency) {}");

  /** A class {@code Service} with these lines as its body. */
  private static JavaFileObject service(String... body) {
    String[] lines = new String[body.length + 3];
    lines[0] = "import dev.lockkey.idempotency.IdempotencyOptions.InProgress;";
    lines[1] = "class Service {";
    System.arraycopy(body, 0, lines, 2, body.length);
    lines[lines.length - 1] = "}";
    return source("Service", lines);
  }

  private static void assertOnlyError(JavaFileObject service, String message, String line) {
    Compilation compilation = compile(SPEC, AMOUNT, service);
    assertThat(compilation).hadErrorContaining(message).inFile(service).onLineContaining(line);
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aValidMethodCompilesWithItsPayloadTokenAndOptions() {
    Compilation compilation = compile(SPEC, AMOUNT, service(
        "  @Idempotent(value = Capture.class, expiry = \"1h\", inProgress = InProgress.FAIL,",
        "      finalFailures = IllegalArgumentException.class)",
        "  String capture(String tenant, long orderId, Amount amount, FencingToken token) { return \"ok\"; }"));
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.ServiceGuards").contentsAsUtf8String()
        .contains("arguments -> AmountFingerprint.of((Amount) arguments[2]))");
    assertThat(compilation).generatedSourceFile("test.ServiceGuards").contentsAsUtf8String()
        .contains(".withFencingTokenParameter(3)");
  }

  @Test
  void aRequestImplementingTheSpecMayBeKeyAndPayloadAtOnce() {
    JavaFileObject request = source("Request",
        "@Fingerprinted",
        "record Request(String tenant, long orderId, long minorUnits) implements Capture {}");
    Compilation compilation = compile(SPEC, request, service(
        "  @Idempotent(Capture.class)",
        "  void capture(Request request) {}"));
    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void aMissingIdentityFieldIsReportedAsForLocked() {
    assertOnlyError(service(
            "  @Idempotent(Capture.class)",
            "  String capture(String tenant, Amount amount) { return \"\"; }"),
        "[LockKeyGuardMissing] identity field orderId of Capture has no parameter in capture(); add a"
            + " parameter long orderId",
        "@Idempotent(Capture.class)");
  }

  @Test
  void aParameterOfAnotherTypeIsReportedOnTheParameter() {
    assertOnlyError(service(
            "  @Idempotent(Capture.class)",
            "  String capture(String tenant,",
            "      String orderId, Amount amount) { return \"\"; }"),
        "[LockKeyGuardType] parameter orderId has type java.lang.String, which cannot be passed as identity"
            + " field orderId of Capture (type long)",
        "String orderId, Amount amount)");
  }

  @Test
  void aMethodWithoutPayloadIsReportedOnTheMethod() {
    assertOnlyError(service(
            "  @Idempotent(Capture.class)",
            "  String capture(String tenant, long orderId, long minorUnits) { return \"\"; }"),
        "[LockKeyGuardPayload] @Idempotent capture() has no payload: no parameter's type is a @Fingerprinted"
            + " record; a repeated call is told from another request under the same key by its payload's"
            + " fingerprint; take the request as a parameter whose type is a record annotated @Fingerprinted",
        "String capture(");
  }

  @Test
  void aRecordWithoutFingerprintedIsReportedOnItsParameter() {
    JavaFileObject plain = source("Plain", "record Plain(long minorUnits) {}");
    JavaFileObject service = service(
        "  @Idempotent(Capture.class)",
        "  String capture(String tenant, long orderId,",
        "      Plain amount) { return \"\"; }");
    Compilation compilation = compile(SPEC, plain, service);
    assertThat(compilation).hadErrorContaining("[LockKeyGuardPayload] parameter amount has type test.Plain, a"
            + " record without @Fingerprinted, and no parameter's type is a @Fingerprinted record; the payload's"
            + " fingerprint class is generated only for @Fingerprinted records; annotate test.Plain @Fingerprinted")
        .inFile(service).onLineContaining("Plain amount)");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void twoPayloadsAreAmbiguous() {
    assertOnlyError(service(
            "  @Idempotent(Capture.class)",
            "  String capture(String tenant, long orderId, Amount amount,",
            "      Amount fee) { return \"\"; }"),
        "[LockKeyGuardPayload] parameters amount and fee are both @Fingerprinted records; the payload is one"
            + " record; fold them into one @Fingerprinted record, so that its fingerprint covers both",
        "Amount fee)");
  }

  @Test
  void aLeaseParameterIsReportedNamingTheFencingToken() {
    assertOnlyError(service(
            "  @Idempotent(Capture.class)",
            "  String capture(String tenant, long orderId, Amount amount,",
            "      Lease lease) { return \"\"; }"),
        "[LockKeyGuardLease] parameter lease is a Lease, but an @Idempotent method holds no lease; take a"
            + " FencingToken parameter for the call's fencing token",
        "Lease lease)");
  }

  @Test
  void twoFencingTokensAreReported() {
    assertOnlyError(service(
            "  @Idempotent(Capture.class)",
            "  String capture(String tenant, long orderId, Amount amount, FencingToken token,",
            "      FencingToken again) { return \"\"; }"),
        "[LockKeyGuardLease] parameters token and again are both a FencingToken; the token goes to one"
            + " parameter; remove one",
        "FencingToken again)");
  }

  @Test
  void aFencingTokenOnALockedMethodNamesTheLease() {
    assertOnlyError(service(
            "  @Locked(Capture.class)",
            "  void capture(String tenant, long orderId,",
            "      FencingToken token) {}"),
        "[LockKeyGuardLease] parameter token is a FencingToken, which only an @Idempotent method receives;"
            + " take a Lease parameter and pass its fencingToken()",
        "FencingToken token)");
  }

  @Test
  void aGenericResultWithoutCodecIsReported() {
    assertOnlyError(service(
            "  @Idempotent(Capture.class)",
            "  List<String> capture(String tenant, long orderId, Amount amount) { return List.of(); }"),
        "[LockKeyGuardResult] @Idempotent capture() returns java.util.List<java.lang.String>, a generic type;"
            + " a stored result is decoded by a codec found for its class, which cannot tell the type arguments;"
            + " name a ResultCodec<java.util.List<java.lang.String>> class as codec",
        "List<String> capture(");
  }

  @Test
  void aCodecOfAnotherTypeIsReportedOnTheValue() {
    assertOnlyError(service(
            "  @Idempotent(value = Capture.class,",
            "      codec = Utf8.class)",
            "  Long capture(String tenant, long orderId, Amount amount) { return 1L; }",
            "  public static class Utf8 implements dev.lockkey.codec.ResultCodec<String> {",
            "    public byte[] encode(String value) { return value.getBytes(); }",
            "    public String decode(byte[] bytes) { return new String(bytes); }",
            "  }"),
        "[LockKeyGuardResult] codec = Utf8.class is not a ResultCodec<java.lang.Long>, but capture() returns"
            + " java.lang.Long; name a codec of the return type",
        "codec = Utf8.class)");
  }

  @Test
  void aWaitTimeThatNeverWaitsIsReportedOnTheValue() {
    assertOnlyError(service(
            "  @Idempotent(value = Capture.class, inProgress = InProgress.FAIL,",
            "      waitTime = \"5s\")",
            "  void capture(String tenant, long orderId, Amount amount) {}"),
        "[LockKeyGuardOption] waitTime = \"5s\" with inProgress = FAIL; a duplicate then fails at once and"
            + " never waits; remove waitTime, or wait with inProgress = WAIT",
        "waitTime = \"5s\")");
  }

  @Test
  void aFinalFailureTheMethodCannotThrowIsReportedOnTheValue() {
    assertOnlyError(service(
            "  @Idempotent(value = Capture.class,",
            "      finalFailures = Declined.class)",
            "  void capture(String tenant, long orderId, Amount amount) {}",
            "  static class Declined extends Exception {}"),
        "[LockKeyGuardOption] finalFailures names Declined, a checked exception that capture() does not"
            + " declare, so it is never thrown and never final; declare it (throws Declined), or remove it"
            + " from finalFailures",
        "finalFailures = Declined.class)");
  }

  @Test
  void durationsAreCheckedAtCompileTime() {
    assertOnlyError(service(
            "  @Idempotent(value = Capture.class,",
            "      expiry = \"1 day\")",
            "  void capture(String tenant, long orderId, Amount amount) {}"),
        "[LockKeyGuardDuration] expiry = \"1 day\" is not a duration",
        "expiry = \"1 day\")");
    assertOnlyError(service(
            "  @Idempotent(value = Capture.class,",
            "      leaseTime = \"10ms\")",
            "  void capture(String tenant, long orderId, Amount amount) {}"),
        "[LockKeyGuardDuration] leaseTime = \"10ms\" is under 30ms; an in-progress record is renewed every"
            + " third of its lease, so the lease is at least 30ms",
        "leaseTime = \"10ms\")");
  }

  @Test
  void idempotentAndLockedOnOneMethodAreTwoGuards() {
    assertOnlyError(service(
            "  @Locked(Capture.class)",
            "  @Idempotent(Capture.class)",
            "  void capture(String tenant, long orderId, Amount amount) {}"),
        "[LockKeyGuardMethod] capture() has @Locked and @Idempotent; a method takes one guard",
        "void capture(");
  }
}
