package dev.lockkey.format;

/**
 * Words of the key format (domain, action, template literals, environment, purpose): 1 to 64
 * characters of {@code a-z 0-9 - _}, starting with a letter or digit.
 */
public final class Words {
  /** The longest word, in characters. */
  public static final int MAX_LENGTH = 64;

  private Words() {}

  /**
   * Whether {@code text} is a word.
   *
   * @param text the text to check
   * @return whether {@code text} is a word
   */
  public static boolean isWord(String text) {
    if (text == null || text.isEmpty() || text.length() > MAX_LENGTH || !isLetterOrDigit(text.charAt(0))) {
      return false;
    }
    for (int i = 1; i < text.length(); i++) {
      char c = text.charAt(i);
      if (!isLetterOrDigit(c) && c != '-' && c != '_') {
        return false;
      }
    }
    return true;
  }

  /**
   * Returns {@code text} if it is a word.
   *
   * @param what what the word is, for the message, e.g. {@code "environment"}
   * @param text the text to check
   * @return {@code text}
   * @throws IllegalArgumentException naming {@code what} and the rule otherwise
   */
  public static String require(String what, String text) {
    if (!isWord(text)) {
      throw new IllegalArgumentException(
          what + " \"" + text + "\" is not a key word: use 1 to " + MAX_LENGTH
              + " characters of a-z, 0-9, '-', '_', starting with a letter or digit");
    }
    return text;
  }

  private static boolean isLetterOrDigit(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
  }
}
