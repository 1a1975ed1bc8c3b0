package dev.lockkey.guard;

import dev.lockkey.KeySecret;
import dev.lockkey.LockKey;

/**
 * Builds a guarded method's key from the arguments of one call. Generated code implements it with
 * a lambda that casts each argument it needs and calls the key class's {@code of} factory, so a
 * value that cannot be part of a key throws the usual {@code InvalidKeyException}.
 */
@FunctionalInterface
public interface KeyFactory {

  /**
   * The key of one call.
   *
   * @param arguments the call's arguments, in parameter order
   * @param secret what {@code @Secret} fields are digested with; {@code null} when none is
   *     configured (only specs with {@code @Secret} fields use it)
   * @return the call's key
   */
  LockKey key(Object[] arguments, KeySecret secret);
}
