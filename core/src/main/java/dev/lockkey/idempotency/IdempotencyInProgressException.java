package dev.lockkey.idempotency;

/**
 * Another caller runs the same call (same key and payload) and has not finished: at once with
 * {@link IdempotencyOptions.InProgress#FAIL}, or after the wait time with
 * {@link IdempotencyOptions.InProgress#WAIT}. Nothing ran here; retry later to get its result.
 */
public final class IdempotencyInProgressException extends IdempotencyException {
  private static final long serialVersionUID = 1L;

  /**
   * For the backend that finds it.
   *
   * @param fullKey the full key of the call's record
   */
  public IdempotencyInProgressException(String fullKey) {
    super(fullKey + " is in progress in another call; retry later to get its result", fullKey);
  }
}
