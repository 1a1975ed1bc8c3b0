package dev.lockkey.format;

import dev.lockkey.KeySecret;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The digests that stand in for {@code @Hashed} and {@code @Secret} values: the first 128 bits of
 * SHA-256 or HMAC-SHA256, as 32 lowercase hex digits. Thread-safe.
 */
public final class Digests {
  /** The length of every digest segment, in characters. */
  public static final int HEX_LENGTH = 32;

  private static final int KEPT_BYTES = HEX_LENGTH / 2;
  private static final String SHA_256 = "SHA-256";
  private static final String HMAC_SHA_256 = "HmacSHA256";
  private static final MessageDigest SHA_256_PROTOTYPE = sha256Prototype();
  private static final HexFormat LOWERCASE_HEX = HexFormat.of();

  private Digests() {}

  /**
   * The first 128 bits of SHA-256 over {@code input}, as 32 lowercase hex digits.
   *
   * @param input the bytes to digest
   * @return 32 lowercase hex digits
   */
  public static String sha256Hex(byte[] input) {
    return hex(newSha256().digest(input));
  }

  /**
   * The first 128 bits of HMAC-SHA256 over {@code input} keyed by {@code secret}, as 32 lowercase hex digits.
   *
   * @param secret the key of the HMAC
   * @param input the bytes to digest
   * @return 32 lowercase hex digits
   */
  public static String hmacSha256Hex(KeySecret secret, byte[] input) {
    return hex(secret.hmacSha256(input));
  }

  /**
   * The same function keyed by raw bytes of any length. Generated code goes through a
   * {@link KeySecret}, which refuses fewer than {@value KeySecret#MIN_LENGTH} bytes; the key format's
   * golden vector is keyed by the 6 bytes of {@code "secret"}, and its test checks it here.
   */
  static String hmacSha256Hex(byte[] key, byte[] input) {
    try {
      Mac mac = Mac.getInstance(HMAC_SHA_256);
      mac.init(new SecretKeySpec(key, HMAC_SHA_256));
      return hex(mac.doFinal(input));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(HMAC_SHA_256 + " is not available in this JVM", e);
    }
  }

  private static String hex(byte[] digest) {
    return LOWERCASE_HEX.formatHex(digest, 0, KEPT_BYTES);
  }

  private static MessageDigest newSha256() {
    try {
      return (MessageDigest) SHA_256_PROTOTYPE.clone(); // cheaper than a provider lookup per key
    } catch (CloneNotSupportedException e) {
      throw new IllegalStateException(SHA_256 + " provider does not support clone()", e);
    }
  }

  private static MessageDigest sha256Prototype() {
    try {
      return MessageDigest.getInstance(SHA_256);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(SHA_256 + " is not available in this JVM", e);
    }
  }
}
