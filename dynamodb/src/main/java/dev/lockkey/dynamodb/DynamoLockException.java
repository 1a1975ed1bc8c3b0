package dev.lockkey.dynamodb;

import dev.lockkey.lock.LockException;

/**
 * What the DynamoDB backend throws when DynamoDB failed, under the backend-neutral
 * {@link LockException} (which also covers timeouts and interruptions); this class itself stands for
 * an unexpected DynamoDB answer (the table missing, access denied, a validation error), with the
 * SDK's exception as the cause. Catch {@link DynamoUnavailableException} or
 * {@link DynamoThrottledException} to react to those causes. A lock held by someone else is no
 * exception: it is an answer.
 *
 * <p>Messages name the full key, e.g. {@code lock:prod:{payment:capture:v1:t42:98765}}, and never
 * an owner token.
 */
public class DynamoLockException extends LockException {
  private static final long serialVersionUID = 1L;

  DynamoLockException(String message, String fullKey, Throwable cause) {
    super(message, fullKey, cause);
  }
}
