package dev.lockkey.dynamodb;

/**
 * The root of everything the DynamoDB lock store throws about a lock; this class itself stands for
 * an unexpected DynamoDB answer (the table missing, access denied, a validation error), with the
 * SDK's exception as the cause. Catch {@link DynamoUnavailableException} or
 * {@link DynamoThrottledException} to react to those causes. A lock held by someone else is no
 * exception: it is an answer.
 *
 * <p>Messages name the full key, e.g. {@code lock:prod:{payment:capture:v1:t42:98765}}, and never
 * an owner token.
 */
public class DynamoLockException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String fullKey;

  DynamoLockException(String message, String fullKey, Throwable cause) {
    super(message, cause);
    this.fullKey = fullKey;
  }

  /** The partition key of the lock concerned, e.g. {@code lock:prod:{payment:capture:v1:t42:98765}}. */
  public String fullKey() {
    return fullKey;
  }
}
