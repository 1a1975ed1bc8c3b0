package dev.lockkey.format;

import java.util.Arrays;

/**
 * Unicode full default case folding (CaseFolding.txt statuses C and F), pinned to the Unicode
 * version of {@link CaseFoldingTable} so that a key renders the same bytes on every JDK. Java has
 * no such API: {@code toLowerCase} is no folding ({@code ß} stays, {@code ſ} stays), and
 * {@code toUpperCase().toLowerCase()} misses others ({@code ϐ}, {@code ẞ}). Stateless.
 */
final class CaseFolding {
  /** The code points that fold to something else, ascending. */
  private static final int[] SOURCES;
  /** What {@code SOURCES[i]} folds to. */
  private static final String[] TARGETS;

  static {
    String[] lines = CaseFoldingTable.MAPPINGS.split("\n");
    SOURCES = new int[lines.length];
    TARGETS = new String[lines.length];
    for (int i = 0; i < lines.length; i++) {
      String[] codePoints = lines[i].split(" ");
      SOURCES[i] = Integer.parseInt(codePoints[0], 16);
      StringBuilder target = new StringBuilder();
      for (int j = 1; j < codePoints.length; j++) {
        target.appendCodePoint(Integer.parseInt(codePoints[j], 16));
      }
      TARGETS[i] = target.toString();
    }
  }

  private CaseFolding() {}

  /**
   * The full case folding of {@code text}: each code point replaced by its folding. Returns
   * {@code text} itself when nothing folds. ASCII folds without a table lookup. The result may
   * need normalising again (a folding can decompose, e.g. {@code ΐ}).
   */
  static String fold(String text) {
    int first = firstToFold(text);
    if (first < 0) {
      return text;
    }
    StringBuilder folded = new StringBuilder(text.length() + 8);
    folded.append(text, 0, first);
    for (int i = first; i < text.length(); ) {
      int codePoint = text.codePointAt(i);
      appendFolded(folded, codePoint);
      i += Character.charCount(codePoint);
    }
    return folded.toString();
  }

  private static int firstToFold(String text) {
    for (int i = 0; i < text.length(); ) {
      char c = text.charAt(i);
      if (c < 0x80) {
        if (c >= 'A' && c <= 'Z') {
          return i;
        }
        i++;
        continue;
      }
      int codePoint = text.codePointAt(i);
      if (Arrays.binarySearch(SOURCES, codePoint) >= 0) {
        return i;
      }
      i += Character.charCount(codePoint);
    }
    return -1;
  }

  private static void appendFolded(StringBuilder folded, int codePoint) {
    if (codePoint < 0x80) {
      folded.append((char) (codePoint >= 'A' && codePoint <= 'Z' ? codePoint + ('a' - 'A') : codePoint));
      return;
    }
    int index = Arrays.binarySearch(SOURCES, codePoint);
    if (index >= 0) {
      folded.append(TARGETS[index]);
    } else {
      folded.appendCodePoint(codePoint);
    }
  }
}
