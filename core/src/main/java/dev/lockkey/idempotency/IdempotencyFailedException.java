package dev.lockkey.idempotency;

/**
 * The first call of this key and payload failed with a failure the options classify as final, and
 * it was stored: this call replays it, running nothing. Holds the original exception's type and
 * message, not the exception itself.
 */
public final class IdempotencyFailedException extends IdempotencyException {
  private static final long serialVersionUID = 1L;

  /** The original exception's class name. */
  private final String failureType;
  /** The original exception's message, or "" when it had none. */
  private final String failureMessage;

  /**
   * For the backend that finds it.
   *
   * @param fullKey the full key of the call's record
   * @param failureType the class name of the exception the first call's work threw
   * @param failureMessage its message, or {@code ""}
   */
  public IdempotencyFailedException(String fullKey, String failureType, String failureMessage) {
    super(fullKey + " failed finally in its first call with " + failureType
        + (failureMessage.isEmpty() ? "" : ": " + failureMessage), fullKey);
    this.failureType = failureType;
    this.failureMessage = failureMessage;
  }

  /** {@return the original exception's class name, e.g. {@code com.acme.CardDeclinedException}} */
  public String failureType() {
    return failureType;
  }

  /** {@return the original exception's message, or "" when it had none} */
  public String failureMessage() {
    return failureMessage;
  }
}
