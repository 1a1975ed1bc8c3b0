package dev.lockkey.redis.connection;

import java.util.Objects;

/**
 * A Redis client's failure as the port reports it: the client's own exception as the cause, and
 * whether Redis was unavailable (unreachable, a broken connection, a timeout, a server loading,
 * failing over, busy or read-only) rather than refusing the command. The executor turns it into
 * {@code RedisUnavailableException} or {@code LockException}, with the client's exception as
 * their cause.
 */
public final class RedisClientException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Error replies of a server that is (re)starting, failing over or busy: it is unavailable for now. */
  private static final String[] TRANSIENT_REPLIES =
      {"LOADING", "READONLY", "MASTERDOWN", "TRYAGAIN", "CLUSTERDOWN", "BUSY"};

  /** Whether Redis could not answer, rather than refused the command. */
  private final boolean unavailable;

  /**
   * A failure of the client.
   *
   * @param unavailable whether Redis could not answer (for now), rather than refused the command
   * @param cause the client's exception
   */
  public RedisClientException(boolean unavailable, RuntimeException cause) {
    super(Objects.requireNonNull(cause, "cause").getMessage(), cause);
    this.unavailable = unavailable;
  }

  /**
   * Whether Redis could not answer: nothing is known about what the command did.
   *
   * @return whether Redis was unavailable
   */
  public boolean isUnavailable() {
    return unavailable;
  }

  /**
   * The client's exception.
   *
   * @return the client's exception
   */
  @Override
  public synchronized RuntimeException getCause() {
    return (RuntimeException) super.getCause();
  }

  /**
   * Whether an error reply is one of a server that is starting, failing over or busy
   * ({@code LOADING}, {@code READONLY}, {@code MASTERDOWN}, {@code TRYAGAIN}, {@code CLUSTERDOWN},
   * {@code BUSY}): for adapters, which read the reply from their client's exception.
   *
   * @param message the error reply, or {@code null}
   * @return whether the server is unavailable for now
   */
  public static boolean isTransientReply(String message) {
    if (message == null) {
      return false;
    }
    for (String reply : TRANSIENT_REPLIES) {
      if (message.startsWith(reply)) {
        return true;
      }
    }
    return false;
  }
}
