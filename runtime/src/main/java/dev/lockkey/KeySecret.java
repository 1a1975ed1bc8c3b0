package dev.lockkey;

import java.security.GeneralSecurityException;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The HMAC key for {@link Secret} fields. Every service that guards the same resources must use
 * the same secret bytes; load them from your secret store, never from source. Thread-safe; never
 * printed.
 */
public final class KeySecret {
  private static final String ALGORITHM = "HmacSHA256";

  private final Mac prototype;

  private KeySecret(Mac prototype) {
    this.prototype = prototype;
  }

  /**
   * A secret from raw bytes (32 random bytes are recommended). The bytes are copied.
   *
   * @throws IllegalArgumentException when {@code secret} is empty
   */
  public static KeySecret of(byte[] secret) {
    Objects.requireNonNull(secret, "secret");
    if (secret.length == 0) {
      throw new IllegalArgumentException("a KeySecret needs at least one byte; 32 random bytes are recommended");
    }
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(new SecretKeySpec(secret, ALGORITHM));
      return new KeySecret(mac);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(ALGORITHM + " is not available in this JVM", e);
    }
  }

  /** HMAC-SHA256 of {@code input} under this secret (32 bytes). */
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
