package dev.lockkey.format;

/**
 * The white space that canonical text is stripped of at both ends: every code point for which
 * {@code Character.isWhitespace} or {@code Character.isSpaceChar} is true (so also the no-break
 * spaces U+00A0, U+2007 and U+202F, which {@code String.strip()} keeps), plus the zero-width space
 * U+200B and the byte order mark U+FEFF, which are invisible at the ends of pasted text. Stateless.
 */
final class WhiteSpace {
  private static final int ZERO_WIDTH_SPACE = 0x200B;
  private static final int BYTE_ORDER_MARK = 0xFEFF;

  private WhiteSpace() {}

  /** Whether {@code codePoint} is stripped from the ends of canonical text. */
  static boolean isStripped(int codePoint) {
    return Character.isWhitespace(codePoint)
        || Character.isSpaceChar(codePoint)
        || codePoint == ZERO_WIDTH_SPACE
        || codePoint == BYTE_ORDER_MARK;
  }

  /**
   * {@code text} without white space at either end; {@code text} itself when there is none. Every
   * stripped code point is in the BMP and no surrogate is, so chars suffice.
   */
  static String strip(String text) {
    int start = 0;
    int end = text.length();
    while (start < end && isStripped(text.charAt(start))) {
      start++;
    }
    while (end > start && isStripped(text.charAt(end - 1))) {
      end--;
    }
    return text.substring(start, end);
  }

  /** Whether {@code text} is empty or only white space. */
  static boolean isBlank(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (!isStripped(text.charAt(i))) {
        return false;
      }
    }
    return true;
  }
}
