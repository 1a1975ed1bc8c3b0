package dev.lockkey.benchmarks.keys;

import java.nio.charset.StandardCharsets;
import java.text.Normalizer;

/**
 * The floor of key rendering: the body of {@code payment:capture} as a careful person would write
 * it by hand for this one spec, with the canonical text and escaping of docs/KEY-FORMAT.md (NFC,
 * strip, percent-encoded reserved code points) and no framework at all: one {@code StringBuilder}
 * sized up front, a scan that skips the escaper when nothing needs escaping.
 */
public final class HandWrittenPaymentKey {
  private static final String PREFIX = "payment:capture:v1:";
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();
  private static final int LONG_DIGITS = 20;

  private HandWrittenPaymentKey() {}

  /**
   * The body for one tenant and order.
   *
   * @throws IllegalArgumentException when the tenant is blank or holds an unpaired surrogate
   */
  public static String body(String tenant, long orderId) {
    String text = tenant;
    if (!Normalizer.isNormalized(text, Normalizer.Form.NFC)) {
      text = Normalizer.normalize(text, Normalizer.Form.NFC);
    }
    text = text.strip();
    if (text.isEmpty()) {
      throw new IllegalArgumentException("tenant is blank");
    }
    StringBuilder body = new StringBuilder(PREFIX.length() + text.length() + 1 + LONG_DIGITS);
    body.append(PREFIX);
    appendEscaped(body, text);
    return body.append(':').append(orderId).toString();
  }

  private static void appendEscaped(StringBuilder out, String text) {
    int i = 0;
    while (i < text.length()) {
      int cp = text.codePointAt(i);
      if (cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE) {
        throw new IllegalArgumentException("tenant holds an unpaired surrogate");
      }
      if (isReserved(cp)) {
        percentEncode(out, cp);
      } else {
        out.appendCodePoint(cp);
      }
      i += Character.charCount(cp);
    }
  }

  private static boolean isReserved(int cp) {
    switch (cp) {
      case '%', ':', '{', '}', ',', '*', '?', '[', ']', '\\':
        return true;
      default:
        if (cp > ' ' && cp < 0x7F) {
          return false; // printable ASCII other than the above: the common case, decided here
        }
        return Character.isWhitespace(cp)
            || Character.isSpaceChar(cp)
            || Character.isISOControl(cp)
            || Character.getType(cp) == Character.FORMAT;
    }
  }

  private static void percentEncode(StringBuilder out, int cp) {
    for (byte b : new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8)) {
      out.append('%').append(HEX[(b >> 4) & 0xF]).append(HEX[b & 0xF]);
    }
  }
}
