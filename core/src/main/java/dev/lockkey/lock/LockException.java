package dev.lockkey.lock;


/**
 * The root of everything the lock executor throws about a lock. Catch a subclass to react to one
 * cause: {@link LockTimeoutException}, {@link LeaseLostException}, {@code dev.lockkey.redis.RedisUnavailableException},
 * {@link LockInterruptedException}, {@link AlreadyHeldException}; this class itself stands for an
 * unexpected Redis reply.
 *
 * <p>Messages name the full key, e.g. {@code lock:prod:{payment:capture:v1:t42:98765}}, which is
 * safe to log (secret fields appear only as digests), and never an owner token.
 */
public class LockException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The Redis key of the lock concerned. */
  private final String fullKey;

  /**
   * @param message what happened, naming {@code fullKey}
   * @param fullKey the Redis key of the lock concerned
   * @param cause the underlying failure, or {@code null}
   */
  public LockException(String message, String fullKey, Throwable cause) {
    super(message, cause);
    this.fullKey = fullKey;
  }

  /**
   * The Redis key of the lock concerned, e.g. {@code lock:prod:{payment:capture:v1:t42:98765}}.
   *
   * @return the Redis key of the lock concerned, e.g. {@code lock:prod:{payment:capture:v1:t42:98765}}
   */
  public String fullKey() {
    return fullKey;
  }
}
