package dev.lockkey.guard;

/**
 * Computes the payload fingerprint of one call of an {@link Idempotent @Idempotent} method.
 * Generated code implements it with a lambda that casts the payload argument and calls its
 * record's generated {@code XFingerprint.of}.
 */
@FunctionalInterface
public interface PayloadFingerprint {

  /**
   * The fingerprint of one call's payload.
   *
   * @param arguments the call's arguments, in parameter order
   * @return 32 lowercase hex digits, as {@code XFingerprint.of} returns them
   */
  String of(Object[] arguments);
}
