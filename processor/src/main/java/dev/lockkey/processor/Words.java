package dev.lockkey.processor;

/**
 * The word rule of the key format (KEY-FORMAT.md): 1 to 64 characters of {@code a-z 0-9 - _},
 * starting with a letter or digit. Domains, actions, template literals and rate-limit purposes
 * are words. The same rule as the runtime's {@code Words.isWord}, which the processor cannot load.
 */
final class Words {
  private static final int MAX_LENGTH = 64;

  private Words() {}

  /** Whether {@code text} is a word. */
  static boolean isWord(String text) {
    if (text.isEmpty() || text.length() > MAX_LENGTH || !isLetterOrDigit(text.charAt(0))) {
      return false;
    }
    return text.chars().allMatch(c -> isLetterOrDigit((char) c) || c == '-' || c == '_');
  }

  private static boolean isLetterOrDigit(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
  }
}
