package dev.lockkey.processor;

import java.time.Duration;
import java.util.List;

/**
 * The checked options of one guard annotation; a {@code null} duration keeps the runtime's default.
 */
sealed interface GuardOptions {

  /**
   * {@code @Locked}: changes of the executor's default lock options.
   *
   * @param renewal {@code DEFAULT}, {@code ON} or {@code OFF}, as {@code Renewal} names them
   */
  record Lock(Duration leaseTime, Duration waitTime, String renewal) implements GuardOptions {}

  /**
   * {@code @ScheduledJob}.
   *
   * @param holdAtLeast zero to release on return
   * @param holdAtMost {@code null} for the executor's default lease time
   */
  record Job(Duration holdAtLeast, Duration holdAtMost) implements GuardOptions {}

  /**
   * {@code @Permitted}: N, and the lock options as {@code @Locked} has them.
   *
   * @param permits N, 1 to 10,000
   */
  record Permit(int permits, Lock lock) implements GuardOptions {}

  /**
   * {@code @SingleFlighted}.
   *
   * @param codec the user's codec class, or {@code null} for the built-in codec of the result type
   * @param bytes with the built-in codec, whether results are {@code byte[]} (else {@code String})
   */
  record Flight(TypeRef.Declared codec, boolean bytes, Duration resultTtl, Duration leaseTime, Duration waitTime)
      implements GuardOptions {}

  /**
   * {@code @RateLimited}.
   *
   * @param window {@code null} to count in the key's {@code @Window} field
   * @param burst above 0 for a smooth limit
   * @param purpose "" for the limit's default purpose
   */
  record Rate(long limit, Duration window, long burst, String purpose) implements GuardOptions {}

  /**
   * {@code @Idempotent}.
   *
   * @param resultType the method's erased return type, {@code void} included
   * @param codec the user's codec class, or {@code null} for the one the invoker finds
   * @param inProgress {@code WAIT} or {@code FAIL}, as {@code IdempotencyOptions.InProgress} names them
   * @param finalFailures the exception types that are final, in the annotation's order
   * @param payload the parameter whose fingerprint is compared
   */
  record Idempotent(TypeRef resultType, TypeRef.Declared codec, Duration expiry, Duration leaseTime,
      String inProgress, Duration waitTime, List<TypeRef.Declared> finalFailures, Payload payload)
      implements GuardOptions {
    public Idempotent {
      finalFailures = List.copyOf(finalFailures);
    }
  }

  /**
   * The payload of an {@code @Idempotent} method.
   *
   * @param index the parameter's position
   * @param record the parameter's {@code @Fingerprinted} record type
   * @param fingerprint the record's generated fingerprint class
   */
  record Payload(int index, TypeRef.Declared record, TypeRef.Declared fingerprint) {}
}
