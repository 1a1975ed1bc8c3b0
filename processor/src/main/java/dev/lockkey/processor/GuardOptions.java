package dev.lockkey.processor;

import java.time.Duration;

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
   * {@code @SingleFlighted}.
   *
   * @param codec the user's codec class, or {@code null} for the built-in codec of the result type
   * @param bytes with the built-in codec, whether results are {@code byte[]} (else {@code String})
   */
  record Flight(TypeShape.Declared codec, boolean bytes, Duration resultTtl, Duration leaseTime, Duration waitTime)
      implements GuardOptions {}

  /**
   * {@code @RateLimited}.
   *
   * @param window {@code null} to count in the key's {@code @Window} field
   * @param burst above 0 for a smooth limit
   * @param purpose "" for the limit's default purpose
   */
  record Rate(long limit, Duration window, long burst, String purpose) implements GuardOptions {}
}
