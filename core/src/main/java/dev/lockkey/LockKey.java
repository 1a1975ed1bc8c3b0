package dev.lockkey;

/**
 * A rendered key of one business resource: what generated {@code XxxKey} classes implement.
 *
 * <p>Implementations are immutable and thread-safe; {@code equals} and {@code hashCode} follow
 * {@link #canonical()}, and {@code toString()} never shows the value of a {@link Secret} field.
 */
public interface LockKey {

  /**
   * The body as {@code docs/KEY-FORMAT.md} defines it, e.g. {@code payment:capture:v1:t42:98765}.
   * It holds digests in place of {@link Hashed} and {@link Secret} values, so it is safe to log.
   *
   * @return the body as {@code docs/KEY-FORMAT.md} defines it, e.g. {@code payment:capture:v1:t42:98765}
   */
  String canonical();

  /**
   * What spec this key was rendered from; its parts are low-cardinality, fit for metric tags.
   *
   * @return what spec this key was rendered from
   */
  SpecDescriptor spec();
}
