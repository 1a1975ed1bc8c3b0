package dev.lockkey.benchmarks.keys;

import java.nio.charset.StandardCharsets;
import java.text.Normalizer;

/**
 * The floor of key rendering: the body of {@code payment:capture} as a careful person would write
 * it by hand for this one spec, with the canonical text and escaping of docs/KEY-FORMAT.md (NFC,
 * stripped of white space including no-break spaces, U+200B and U+FEFF, percent-encoded reserved
 * code points) and no framework at all: one {@code StringBuilder}
 * sized up front for the usual case, printable ASCII decided without a table look-up.
 */
public final class HandWrittenPaymentKey {
  private static final String PREFIX = "payment:capture:v1:";
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();
  private static final int LONG_DIGITS = 20;

  private HandWrittenPaymentKey() {}

  /**
   * The body for one tenant and order, built in one {@code StringBuilder}: the floor of issue 6.
   *
   * @throws IllegalArgumentException when the tenant is blank or holds an unpaired surrogate
   */
  public static String body(String tenant, long orderId) {
    return built(canonicalTenant(tenant), orderId);
  }

  /**
   * The same body by string concatenation when the tenant needs no escaping, which lets the JDK
   * size the one result exactly (no builder, no copy); else as {@link #body}. Tighter than the
   * floor, shown beside it so that nobody mistakes the floor for the least possible work.
   *
   * @throws IllegalArgumentException when the tenant is blank or holds an unpaired surrogate
   */
  public static String concatenatedBody(String tenant, long orderId) {
    String text = canonicalTenant(tenant);
    return needsEscaping(text) ? built(text, orderId) : PREFIX + text + ':' + orderId;
  }

  private static String built(String text, long orderId) {
    StringBuilder body = new StringBuilder(PREFIX.length() + text.length() + 1 + LONG_DIGITS);
    body.append(PREFIX);
    appendEscaped(body, text);
    return body.append(':').append(orderId).toString();
  }

  private static String canonicalTenant(String tenant) {
    String text = tenant;
    if (!Normalizer.isNormalized(text, Normalizer.Form.NFC)) {
      text = Normalizer.normalize(text, Normalizer.Form.NFC);
    }
    int start = 0;
    int end = text.length();
    while (start < end && isStripped(text.charAt(start))) {
      start++;
    }
    while (end > start && isStripped(text.charAt(end - 1))) {
      end--;
    }
    if (start == end) {
      throw new IllegalArgumentException("tenant is blank");
    }
    return text.substring(start, end);
  }

  /** White space of the key format; all of it is in the BMP, so chars suffice. */
  private static boolean isStripped(char c) {
    return Character.isWhitespace(c) || Character.isSpaceChar(c) || c == '\u200B' || c == '\uFEFF';
  }

  private static boolean needsEscaping(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      // Surrogates go the long way too, where an unpaired one is rejected.
      if (isReserved(c) || Character.isSurrogate(c)) {
        return true;
      }
    }
    return false;
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
