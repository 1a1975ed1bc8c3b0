package dev.lockkey.idempotency;

import dev.lockkey.lock.LockException;

/**
 * An idempotent call did not run its work, and says why in a subclass. Messages name the record's
 * full key, e.g. {@code idem:prod:{payment:capture:v1:t42:98765}}, never a payload or a fingerprint.
 */
public abstract class IdempotencyException extends LockException {
  private static final long serialVersionUID = 1L;

  IdempotencyException(String message, String fullKey) {
    this(message, fullKey, null);
  }

  IdempotencyException(String message, String fullKey, Throwable cause) {
    super(message, fullKey, cause);
  }
}
