package dev.lockkey.flight;

import dev.lockkey.lock.LockException;

/**
 * The single flight's computation failed in a way its options mark deterministic, on whichever
 * caller ran it (maybe on another server), and the failure is shared for its time to live. Carries
 * the original exception's type and message, never its stack trace: this exception's own trace
 * shows where the waiting caller was.
 */
public final class FlightFailedException extends LockException {
  private static final long serialVersionUID = 1L;

  /** The class name of the exception the computation threw. */
  private final String failureType;
  /** Its message, or {@code ""}. */
  private final String failureMessage;

  /**
   * A shared deterministic failure; for the backend that shares it.
   *
   * @param fullKey the full key of the flight's stored result
   * @param failureType the class name of the exception the computation threw
   * @param failureMessage its message, or {@code ""}
   */
  public FlightFailedException(String fullKey, String failureType, String failureMessage) {
    super(fullKey + ": the computation failed with " + failureType
        + (failureMessage.isEmpty() ? "" : ": " + failureMessage), fullKey, null);
    this.failureType = failureType;
    this.failureMessage = failureMessage;
  }

  /**
   * The class name of the exception that the computation threw, e.g. {@code com.acme.UnsupportedFormat}.
   *
   * @return the class name of the exception that the computation threw, e.g. {@code com.acme.UnsupportedFormat}
   */
  public String failureType() {
    return failureType;
  }

  /**
   * Its message (cut at 1000 characters), or {@code ""} when it had none.
   *
   * @return its message (cut at 1000 characters), or {@code ""} when it had none
   */
  public String failureMessage() {
    return failureMessage;
  }
}
