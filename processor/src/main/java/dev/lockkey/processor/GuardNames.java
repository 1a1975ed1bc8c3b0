package dev.lockkey.processor;

/**
 * Qualified names of the runtime types that guarded methods and their generated guards use, as
 * strings: the processor never loads runtime classes.
 */
final class GuardNames {
  static final String GUARD_PACKAGE = "dev.lockkey.guard";
  static final String LOCKED = GUARD_PACKAGE + ".Locked";
  static final String SINGLE_FLIGHTED = GUARD_PACKAGE + ".SingleFlighted";
  static final String RATE_LIMITED = GUARD_PACKAGE + ".RateLimited";
  static final String IDEMPOTENT = GUARD_PACKAGE + ".Idempotent";
  static final String SCHEDULED_JOB = GUARD_PACKAGE + ".ScheduledJob";
  static final String JOB_POLICY = GUARD_PACKAGE + ".JobPolicy";
  static final String PERMITTED = GUARD_PACKAGE + ".Permitted";
  static final String READ_LOCKED = GUARD_PACKAGE + ".ReadLocked";
  static final String WRITE_LOCKED = GUARD_PACKAGE + ".WriteLocked";
  static final String KEY_FIELD = GUARD_PACKAGE + ".KeyField";
  static final String FENCING_TOKEN = GUARD_PACKAGE + ".FencingToken";
  static final String IDEMPOTENCY_POLICY = GUARD_PACKAGE + ".IdempotencyPolicy";
  static final String IN_PROGRESS = "dev.lockkey.idempotency.IdempotencyOptions.InProgress";
  static final String RENEWAL = GUARD_PACKAGE + ".Renewal";
  static final String LOCK_POLICY = GUARD_PACKAGE + ".LockPolicy";
  static final String METHOD_GUARD = GUARD_PACKAGE + ".MethodGuard";
  static final String METHOD_GUARDS = GUARD_PACKAGE + ".MethodGuards";

  static final String LEASE = "dev.lockkey.lock.Lease";
  static final String FLIGHT_OPTIONS = "dev.lockkey.flight.FlightOptions";
  static final String RESULT_CODEC = "dev.lockkey.codec.ResultCodec";
  static final String RATE_LIMIT = "dev.lockkey.ratelimit.RateLimit";

  /** The generated table's field name, as {@code MethodGuards.FIELD}. */
  static final String FIELD = "GUARDS";

  private GuardNames() {}
}
