package dev.lockkey.observe;

import dev.lockkey.SpecDescriptor;
import dev.lockkey.format.Digests;
import java.nio.charset.StandardCharsets;

/**
 * One of the most contended keys that {@link HotKeys} saw.
 *
 * <p>Its {@link #toString()}, the line for logs, names the spec and a {@link #hash()} of the body,
 * never the body: a body holds only digests of {@code @Hashed} and {@code @Secret} values, but
 * other values (a user name, an order number) may still be data that logs should not keep. The
 * hash is pseudonymous, not anonymous: values of few possibilities can be found by trying them.
 * {@link #body()} is there for code that decides to show it, and the decoder's report prints the
 * same hash, so an operator can match a stored key to a log line.
 *
 * @param spec the key's spec
 * @param body the key's body
 * @param contentions how often an attempt found the key's lock held; at most {@code overestimate}
 *     more than the truth
 * @param overestimate how many of the counted contentions may belong to keys evicted before it
 *     (0 when the key was counted from its first contention on)
 */
public record HotKey(SpecDescriptor spec, String body, long contentions, long overestimate) {
  /** Hex digits of SHA-256 kept in {@link #hash}: 48 bits, enough to tell a few hot keys apart. */
  private static final int HASH_HEX_DIGITS = 12;

  /**
   * The short hash of the body, e.g. {@code 3f9a2c01d4e7}.
   *
   * @return 12 hex digits
   */
  public String hash() {
    return hashOf(body);
  }

  /**
   * The short hash of a body: the first 12 hex digits of its SHA-256. What {@link HotKey} logs
   * and {@link DecodedKey#toString()} prints.
   *
   * @param body the key body
   * @return the first 12 hex digits of the body's SHA-256
   */
  public static String hashOf(String body) {
    return Digests.sha256Hex(body.getBytes(StandardCharsets.UTF_8)).substring(0, HASH_HEX_DIGITS);
  }

  /**
   * E.g. {@code 1532 PaymentCapture (payment:capture:v1) #3f9a2c01d4e7}, or
   * {@code 1532 (12 may be others') ...} when some contentions may belong to evicted keys.
   */
  @Override
  public String toString() {
    String bound = overestimate == 0 ? "" : " (" + overestimate + " may be others')";
    return contentions + bound + " " + spec.simpleName() + " (" + spec.domain() + ":" + spec.action() + ":v"
        + spec.version() + ") #" + hash();
  }
}
