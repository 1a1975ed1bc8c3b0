package dev.lockkey.jdbc;

/**
 * A call key came again with another payload: the first call's record holds another fingerprint
 * (Stripe's rule: a key is bound to its first request). Nothing ran. The message names the full
 * key, never a payload.
 */
public final class FingerprintConflictException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The record's full key. */
  private final String fullKey;

  FingerprintConflictException(String fullKey) {
    super("the call " + fullKey + " was made before with another payload (another fingerprint): nothing ran");
    this.fullKey = fullKey;
  }

  /**
   * The record's full key, e.g. {@code idem:prod:{payment:capture:v1:t42:98765}}.
   *
   * @return the record's full key
   */
  public String fullKey() {
    return fullKey;
  }
}
