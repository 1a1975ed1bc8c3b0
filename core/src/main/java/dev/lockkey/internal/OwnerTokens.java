package dev.lockkey.internal;

import java.security.SecureRandom;
import java.util.Base64;

/** Owner tokens: 128 bits from {@link SecureRandom}, base64url (22 characters), one per lease. */
public final class OwnerTokens {
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

  private OwnerTokens() {}

  public static String next() {
    byte[] bytes = new byte[16];
    RANDOM.nextBytes(bytes);
    return BASE64URL.encodeToString(bytes);
  }
}
