package dev.lockkey.idempotency;

/**
 * The key was first used with another payload: its fingerprint differs from the one stored with
 * the key's record, so this is not a retry of that call but another request under a reused key
 * (Stripe's rule). Nothing ran. A retry must send the same payload; a new request needs a new key.
 */
public final class IdempotencyConflictException extends IdempotencyException {
  private static final long serialVersionUID = 1L;

  /**
   * For the backend that finds it.
   *
   * @param fullKey the full key of the call's record
   */
  public IdempotencyConflictException(String fullKey) {
    super(fullKey + " was first used with another payload: its fingerprint differs; a retry must send the"
        + " same payload, a new request needs a new key", fullKey);
  }
}
