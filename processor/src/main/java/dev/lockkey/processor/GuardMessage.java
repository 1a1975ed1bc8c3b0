package dev.lockkey.processor;

import javax.tools.Diagnostic;

/**
 * The catalogue of {@link GuardedMethodProcessor}: the messages about guarded methods
 * ({@code @Locked}, {@code @SingleFlighted}, {@code @RateLimited}, {@code @Idempotent}, {@code @ScheduledJob},
 * {@code @KeyField}), apart from the spec catalogue in {@link Message}: each starts with a stable
 * id, then the rule, what was found, and the fix.
 */
enum GuardMessage implements ProcessorMessage {
  // Where the key comes from, reported on the parameter or the annotation value at fault.
  NOT_A_SPEC("LockKeyGuardSpec",
      "%s names %s, which is not a @LockKeySpec interface; name the spec whose key guards the method,"
          + " e.g. %s(PaymentCapture.class)"),
  MISSING_FIELD("LockKeyGuardMissing",
      "identity field %s of %s has no parameter in %s(); add a parameter %s %s, mark the parameter that"
          + " holds it @KeyField(\"%s\"), or take a parameter whose type implements %s"),
  AMBIGUOUS_FIELD("LockKeyGuardAmbiguous",
      "identity field %s of %s could come from parameter %s or from parameter %s; a field has one source;"
          + " remove or rename one of them, or mark the one to use @KeyField(\"%s\") and rename the other"),
  FIELD_TYPE("LockKeyGuardType",
      "parameter %s has type %s, which cannot be passed as identity field %s of %s (type %s); declare the"
          + " parameter as %s, or convert the value before the call"),
  TYPE_VARIABLE("LockKeyGuardType",
      "parameter %s has type %s, which depends on a type variable; the generated key factory needs a fixed"
          + " type; declare the parameter as %s"),
  UNKNOWN_KEY_FIELD("LockKeyGuardKeyField",
      "@KeyField(\"%s\") names no identity field of %s, whose fields are %s; name one of them, or remove"
          + " @KeyField"),
  KEY_FIELD_WITHOUT_GUARD("LockKeyGuardKeyField",
      "@KeyField on parameter %s of %s(), which has no @Locked, @SingleFlighted, @RateLimited, @Idempotent,"
          + " @Permitted, @ReadLocked, @WriteLocked or @ScheduledJob; the annotation would do nothing; add the"
          + " guard, or remove @KeyField"),

  // The method itself.
  NOT_INTERCEPTABLE("LockKeyGuardMethod",
      "%s() is %s; an interceptor runs the guard, and it cannot intercept a %s method, so the method would"
          + " run unguarded; make it a non-private instance method"),
  INACCESSIBLE("LockKeyGuardMethod",
      "%s() mentions %s, which is private; the generated %s cannot name it; make it at least package-private"),
  TWO_GUARDS("LockKeyGuardMethod",
      "%s() has %s and %s; a method takes one guard; split it, e.g. rate-limit an outer method that calls"
          + " a locked one"),
  LEASE_NOT_HELD("LockKeyGuardLease",
      "parameter %s is a Lease, but a %s method holds no lease; remove the parameter"),
  TWO_LEASES("LockKeyGuardLease",
      "parameters %s and %s are both a Lease; the held lease goes to one parameter; remove one"),
  LEASE_NOT_IDEMPOTENT("LockKeyGuardLease",
      "parameter %s is a Lease, but an @Idempotent method holds no lease; take a FencingToken parameter for"
          + " the call's fencing token"),
  TOKEN_NOT_IDEMPOTENT("LockKeyGuardLease",
      "parameter %s is a FencingToken, which only an @Idempotent method receives; %s"),
  TWO_TOKENS("LockKeyGuardLease",
      "parameters %s and %s are both a FencingToken; the token goes to one parameter; remove one"),

  // The payload of an idempotent call.
  NO_PAYLOAD("LockKeyGuardPayload",
      "@Idempotent %s() has no payload: no parameter's type is a @Fingerprinted record; a repeated call is"
          + " told from another request under the same key by its payload's fingerprint; take the request as"
          + " a parameter whose type is a record annotated @Fingerprinted"),
  PAYLOAD_NOT_FINGERPRINTED("LockKeyGuardPayload",
      "parameter %s has type %s, a record without @Fingerprinted, and no parameter's type is a"
          + " @Fingerprinted record; the payload's fingerprint class is generated only for @Fingerprinted"
          + " records; annotate %s @Fingerprinted"),
  TWO_PAYLOADS("LockKeyGuardPayload",
      "parameters %s and %s are both @Fingerprinted records; the payload is one record; fold them into one"
          + " @Fingerprinted record, so that its fingerprint covers both"),
  FLIGHT_RESULT("LockKeyGuardResult",
      "@SingleFlighted %s() returns %s; a shared result is stored in Redis, and the built-in codecs store"
          + " String (UTF-8) and byte[]; return one of these, or name a ResultCodec<%s> class as codec"),
  IDEMPOTENT_RESULT("LockKeyGuardResult",
      "@Idempotent %s() returns %s, a generic type; a stored result is decoded by a codec found for its"
          + " class, which cannot tell the type arguments; name a ResultCodec<%s> class as codec, or return a"
          + " record that holds the value"),
  JOB_RESULT("LockKeyGuardResult",
      "@ScheduledJob %s() returns %s; a run that another instance holds is skipped and has no result;"
          + " make the method void"),
  CODEC_TYPE("LockKeyGuardResult",
      "codec = %s.class is not a ResultCodec<%s>, but %s() returns %s; name a codec of the return type"),
  CODEC_CONSTRUCTOR("LockKeyGuardResult",
      "codec = %s.class cannot be created by generated code: %s; give it a public no-argument constructor"),

  // Options, reported on the attribute value.
  DURATION("LockKeyGuardDuration",
      "%s = \"%s\" is not a duration; write a number and a unit (ms, s, m, h, d), e.g. 500ms, 10s or 5m,"
          + " or ISO-8601 such as PT10S"),
  DURATION_RANGE("LockKeyGuardDuration",
      "%s = \"%s\" is %s; %s"),
  RENEWED_LEASE("LockKeyGuardOption",
      "renewal = ON with leaseTime = \"%s\"; a watchdog renews every third of the lease, so a renewed"
          + " lease is at least 30ms; lengthen the lease, or turn renewal off"),
  LIMIT("LockKeyGuardOption",
      "%s = %d; %s"),
  NO_WINDOW("LockKeyGuardOption",
      "@RateLimited without window needs a @Window field in %s, whose window start is part of the key;"
          + " add window = \"1m\" (or the window to count in), or a @Window field to the spec"),
  BURST_WITHOUT_WINDOW("LockKeyGuardOption",
      "burst = %d without window; a smooth limit admits limit calls per window; add window, e.g. \"1s\""),
  WAIT_WITHOUT_WAITING("LockKeyGuardOption",
      "waitTime = \"%s\" with inProgress = FAIL; a duplicate then fails at once and never waits; remove"
          + " waitTime, or wait with inProgress = WAIT"),
  FINAL_NEVER_THROWN("LockKeyGuardOption",
      "finalFailures names %s, a checked exception that %s() does not declare, so it is never thrown and"
          + " never final; declare it (throws %s), or remove it from finalFailures"),
  HOLD_LONGER_THAN_LEASE("LockKeyGuardOption",
      "holdAtLeast = \"%s\" is longer than holdAtMost = \"%s\", the lease of a run, which ends the hold;"
          + " shorten holdAtLeast, or lengthen holdAtMost"),
  PURPOSE("LockKeyGuardOption",
      "purpose = \"%s\" is not a word; a purpose is 1-64 of a-z 0-9 - _, starting with a letter or digit"),

  // The processor itself, reported on the class.
  WRITE_FAILED("LockKeyWrite",
      "could not write %s: %s; check that the output directories are writable"),
  INTERNAL("LockKeyInternal",
      "lockkey-processor failed on the guarded methods of %s with %s; this is a bug in lockkey-processor,"
          + " please report it with the class");

  private final MessageText text;

  /** Every message of a guarded method is an error: a guard that is not as written must not run. */
  GuardMessage(String id, String template) {
    this.text = new MessageText(Diagnostic.Kind.ERROR, id, template);
  }

  @Override
  public MessageText text() {
    return text;
  }
}
