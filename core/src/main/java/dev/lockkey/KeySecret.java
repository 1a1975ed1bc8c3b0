package dev.lockkey;

import java.security.GeneralSecurityException;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The HMAC key for {@link Secret} fields. Every service that guards the same resources must use
 * the same secret bytes; load them from your secret store, never from source, e.g. 32 random bytes
 * kept as Base64: {@code KeySecret.of(Base64.getDecoder().decode(System.getenv("LOCKKEY_SECRET")))}.
 * Thread-safe; never printed.
 */
public final class KeySecret {
  /**
   * The fewest bytes a secret may have: 128 bits. The digest of a phone number or an e-mail address
   * is only as hard to reverse as the secret is to guess, since the values themselves are few.
   */
  public static final int MIN_LENGTH = 16;

  private static final String ALGORITHM = "HmacSHA256";

  private final Mac prototype;

  private KeySecret(Mac prototype) {
    this.prototype = prototype;
  }

  /**
   * A secret from raw bytes: at least {@value #MIN_LENGTH}, and 32 random bytes are recommended.
   * The bytes are copied.
   *
   * @param secret the secret's bytes, at least {@value #MIN_LENGTH}
   * @return the secret
   * @throws IllegalArgumentException when {@code secret} has fewer than {@value #MIN_LENGTH} bytes;
   *     the message gives the length only, never the bytes
   */
  public static KeySecret of(byte[] secret) {
    Objects.requireNonNull(secret, "secret");
    if (secret.length < MIN_LENGTH) {
      throw new IllegalArgumentException("a KeySecret needs at least " + MIN_LENGTH + " bytes (128 bits), got "
          + secret.length + "; use 32 random bytes from your secret store (e.g. openssl rand -base64 32, decoded"
          + " with Base64.getDecoder()), never a password or a word");
    }
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(new SecretKeySpec(secret, ALGORITHM));
      return new KeySecret(mac);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(ALGORITHM + " is not available in this JVM", e);
    }
  }

  /**
   * HMAC-SHA256 of {@code input} under this secret (32 bytes).
   *
   * @param input the bytes to digest
   * @return the 32 bytes of HMAC-SHA256
   */
  public byte[] hmacSha256(byte[] input) {
    return newMac().doFinal(input);
  }

  private Mac newMac() {
    try {
      return (Mac) prototype.clone(); // a Mac is not thread-safe; a clone keeps the initialised key
    } catch (CloneNotSupportedException e) {
      throw new IllegalStateException(ALGORITHM + " provider does not support clone()", e);
    }
  }

  /** Never shows the secret. */
  @Override
  public String toString() {
    return "KeySecret[<secret>]";
  }
}
