package dev.lockkey.format;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The escaping of canonical text into a segment, as {@code docs/KEY-FORMAT.md} defines it: every
 * reserved code point becomes the percent-encoding of its UTF-8 bytes ({@code %} and two
 * uppercase hex digits), every other code point stays as it is. Because {@code :} {@code {}
 * {@code }} {@code ,} are reserved, a body splits unambiguously into its segments. Stateless.
 */
public final class Escaping {
  /** The reserved punctuation; everything else reserved is chosen by character category. */
  private static final String RESERVED_PUNCTUATION = "%:{},*?[]\\";

  private static final boolean[] ASCII_RESERVED = asciiReserved();
  /** {@code %} and two hex digits per UTF-8 byte. */
  private static final int PERCENT_ENCODED_LENGTH = 3;
  private static final char[] UPPERCASE_HEX = "0123456789ABCDEF".toCharArray();

  private Escaping() {}

  /**
   * Whether a code point must be escaped inside a segment: {@code % : { } , * ? [ ] \}, white
   * space and space separators, ISO controls, and format characters (zero-width and bidi
   * controls).
   *
   * @param codePoint a Unicode code point
   * @return whether it must be percent-encoded
   */
  public static boolean isReserved(int codePoint) {
    if (codePoint >= 0 && codePoint < ASCII_RESERVED.length) {
      return ASCII_RESERVED[codePoint];
    }
    return isReservedByCategory(codePoint);
  }

  /**
   * The segment text of canonical text: reserved code points percent-encoded. Returns
   * {@code text} itself when nothing needs escaping.
   *
   * @param text canonical text
   * @return the segment text
   * @throws IllegalArgumentException when {@code text} holds an unpaired surrogate
   */
  public static String escape(String text) {
    // ASCII, the common case, in one scan that counts what to escape: no code point decoding, and
    // the escaped text is written straight into an array of its exact length.
    int reserved = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c >= ASCII_RESERVED.length) {
        return escapeCodePoints(text);
      }
      if (ASCII_RESERVED[c]) {
        reserved++;
      }
    }
    return reserved == 0 ? text : escapeAscii(text, text.length() + (PERCENT_ENCODED_LENGTH - 1) * reserved);
  }

  /** {@code text}, all ASCII, escaped into {@code length} chars. */
  private static String escapeAscii(String text, int length) {
    char[] out = new char[length];
    int o = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (ASCII_RESERVED[c]) {
        out[o++] = '%';
        out[o++] = UPPERCASE_HEX[c >> 4];
        out[o++] = UPPERCASE_HEX[c & 0xF];
      } else {
        out[o++] = c;
      }
    }
    return new String(out);
  }

  /** {@code text}, which is not all ASCII, escaped code point by code point. */
  private static String escapeCodePoints(String text) {
    int first = firstToEscape(text);
    if (first < 0) {
      return text;
    }
    StringBuilder out = new StringBuilder(escapedLength(text, first));
    out.append(text, 0, first);
    for (int i = first; i < text.length(); ) {
      int codePoint = codePointAt(text, i);
      if (isReserved(codePoint)) {
        appendPercentEncoded(out, codePoint);
      } else {
        out.appendCodePoint(codePoint);
      }
      i += Character.charCount(codePoint);
    }
    return out.toString();
  }

  /**
   * The canonical text of a segment: the strict inverse of {@link #escape(String)}, so that
   * {@code unescape(escape(t)).equals(t)} for every text {@code t}, and {@code unescape(s)}
   * succeeds only if {@code s} is exactly what {@code escape} produces for some text.
   *
   * @param segment segment text, as in a body
   * @return the canonical text
   * @throws IllegalArgumentException when {@code segment} holds a malformed percent sequence
   *     (not {@code %} and two uppercase hex digits), percent-encoded bytes that are not UTF-8,
   *     an escaped code point that needs no escaping, or a reserved code point left unescaped
   */
  public static String unescape(String segment) {
    StringBuilder text = new StringBuilder(segment.length());
    byte[] run = new byte[segment.length() / 3];
    int i = 0;
    while (i < segment.length()) {
      if (segment.charAt(i) != '%') {
        text.append(segment.charAt(i++));
        continue;
      }
      int runStart = i;
      int runLength = 0;
      while (i < segment.length() && segment.charAt(i) == '%') {
        run[runLength++] = (byte) percentEncodedByte(segment, i);
        i += 3;
      }
      text.append(decodeUtf8(run, runLength, runStart));
    }
    String result = text.toString();
    if (!escape(result).equals(segment)) {
      throw new IllegalArgumentException(
          "not an escaped segment: it escapes a code point that needs no escaping or leaves a reserved one unescaped");
    }
    return result;
  }

  /** The index of the first code point to escape, or -1 when there is none. */
  private static int firstToEscape(String text) {
    for (int i = 0; i < text.length(); ) {
      char c = text.charAt(i);
      if (c < ASCII_RESERVED.length) { // ASCII, the common case: one look-up, no code point decoding
        if (ASCII_RESERVED[c]) {
          return i;
        }
        i++;
        continue;
      }
      int codePoint = codePointAt(text, i);
      if (isReserved(codePoint)) {
        return i;
      }
      i += Character.charCount(codePoint);
    }
    return -1;
  }

  /** The length of the escaped text, so that it is built without growing. */
  private static int escapedLength(String text, int first) {
    int length = first;
    for (int i = first; i < text.length(); ) {
      int codePoint = codePointAt(text, i);
      int chars = Character.charCount(codePoint);
      length += isReserved(codePoint) ? PERCENT_ENCODED_LENGTH * utf8Length(codePoint) : chars;
      i += chars;
    }
    return length;
  }

  private static int utf8Length(int codePoint) {
    return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
  }

  private static int codePointAt(String text, int index) {
    char c = text.charAt(index);
    if (!Character.isSurrogate(c)) {
      return c;
    }
    int codePoint = text.codePointAt(index);
    if (Character.isBmpCodePoint(codePoint)) { // codePointAt returns a lone surrogate as itself
      throw new IllegalArgumentException("unpaired surrogate at index " + index);
    }
    return codePoint;
  }

  private static void appendPercentEncoded(StringBuilder out, int codePoint) {
    if (codePoint < 0x80) {
      appendByte(out, codePoint);
    } else if (codePoint < 0x800) {
      appendByte(out, 0xC0 | codePoint >> 6);
      appendByte(out, 0x80 | codePoint & 0x3F);
    } else if (codePoint < 0x10000) {
      appendByte(out, 0xE0 | codePoint >> 12);
      appendByte(out, 0x80 | codePoint >> 6 & 0x3F);
      appendByte(out, 0x80 | codePoint & 0x3F);
    } else {
      appendByte(out, 0xF0 | codePoint >> 18);
      appendByte(out, 0x80 | codePoint >> 12 & 0x3F);
      appendByte(out, 0x80 | codePoint >> 6 & 0x3F);
      appendByte(out, 0x80 | codePoint & 0x3F);
    }
  }

  private static void appendByte(StringBuilder out, int b) {
    out.append('%').append(UPPERCASE_HEX[b >> 4]).append(UPPERCASE_HEX[b & 0xF]);
  }

  private static int percentEncodedByte(String segment, int index) {
    int high = index + 1 < segment.length() ? uppercaseHexValue(segment.charAt(index + 1)) : -1;
    int low = index + 2 < segment.length() ? uppercaseHexValue(segment.charAt(index + 2)) : -1;
    if (high < 0 || low < 0) {
      throw new IllegalArgumentException(
          "malformed percent sequence at index " + index + ": expected % and two uppercase hex digits");
    }
    return high << 4 | low;
  }

  private static int uppercaseHexValue(char c) {
    if (c >= '0' && c <= '9') {
      return c - '0';
    }
    return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
  }

  private static CharSequence decodeUtf8(byte[] bytes, int length, int index) {
    CharsetDecoder strict = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    try {
      return strict.decode(ByteBuffer.wrap(bytes, 0, length));
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException("percent-encoded bytes at index " + index + " are not UTF-8", e);
    }
  }

  private static boolean isReservedByCategory(int codePoint) {
    return Character.isWhitespace(codePoint)
        || Character.isSpaceChar(codePoint)
        || Character.isISOControl(codePoint)
        || Character.getType(codePoint) == Character.FORMAT;
  }

  private static boolean[] asciiReserved() {
    boolean[] table = new boolean[0x80];
    for (int c = 0; c < table.length; c++) {
      table[c] = RESERVED_PUNCTUATION.indexOf(c) >= 0 || isReservedByCategory(c);
    }
    return table;
  }
}
