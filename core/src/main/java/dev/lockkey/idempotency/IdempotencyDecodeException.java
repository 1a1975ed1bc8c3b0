package dev.lockkey.idempotency;

/**
 * The call's result is stored, but the options' {@code ResultCodec} failed to decode it (the
 * codec's exception is the cause): a codec that does not match the one that stored the result, or
 * a bug in it. Nothing ran here, and the record stays: the work ran once already and does not run
 * again, so every call of the key gets this exception until the codec reads the record or the
 * record expires. Fix the codec; a codec whose format changed on purpose needs a new spec version
 * of the key (then old and new records never meet). The message names the record's full key and
 * the codec exception's type, never the stored bytes.
 */
public final class IdempotencyDecodeException extends IdempotencyException {
  private static final long serialVersionUID = 1L;

  /**
   * For the backend whose codec failed.
   *
   * @param fullKey the full key of the call's record
   * @param codecFailure what the codec threw
   */
  public IdempotencyDecodeException(String fullKey, RuntimeException codecFailure) {
    super(fullKey + " holds a stored result that the options' codec cannot decode ("
        + codecFailure.getClass().getName() + "); the record stays and the work does not run again:"
        + " fix the codec, or give a new format a new spec version", fullKey, codecFailure);
  }
}
