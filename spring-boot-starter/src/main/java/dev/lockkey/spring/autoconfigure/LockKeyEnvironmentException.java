package dev.lockkey.spring.autoconfigure;

/**
 * {@code lockkey.environment} is missing or not a key word, so no key space can be built; the
 * application does not start, and {@link LockKeyEnvironmentFailureAnalyzer} says how to set it.
 */
public final class LockKeyEnvironmentException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  /** The value that was set, or {@code null} when none was. */
  private final String value;

  private LockKeyEnvironmentException(String message, String value, Throwable cause) {
    super(message, cause);
    this.value = value;
  }

  /** The property is not set (or blank). */
  static LockKeyEnvironmentException missing() {
    return new LockKeyEnvironmentException("lockkey.environment is not set", null, null);
  }

  /** The property is set to something that is no key word. */
  static LockKeyEnvironmentException invalid(String value, IllegalArgumentException cause) {
    return new LockKeyEnvironmentException("lockkey.environment is no key word: " + cause.getMessage(), value, cause);
  }

  /** {@return the value that was set, or {@code null} when none was} */
  public String value() {
    return value;
  }
}
