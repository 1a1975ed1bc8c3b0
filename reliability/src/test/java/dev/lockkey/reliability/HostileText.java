package dev.lockkey.reliability;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Generates hostile field values, reproducibly from a seed: reserved characters and look-alike
 * escapes, code points of every Unicode general category, unpaired surrogates, blanks and Unicode
 * spaces, combining sequences and compatibility forms, bidi and other format controls, case
 * traps, and huge strings. Values are built from few fragments so that different inputs often
 * reach the same canonical text, which is what a key must get right.
 */
final class HostileText {
  /** Fragments that collide once normalised, stripped, case-folded or escaped. */
  private static final List<String> FRAGMENTS = List.of(
      // reserved characters and what their escapes look like
      "%", ":", "{", "}", ",", "*", "?", "[", "]", "\\", "%3A", "%3a", "%25", "%2C", "%7B", "%%", "%G1", "%E2%80%8B",
      // blanks, Unicode spaces, line and paragraph separators, controls
      "", " ", "\t", "\n", "\r\n", "\u000B", "\u001F", "\u007F", "\u0085", "\u00A0", "\u2007", "\u202F", "\u3000",
      "\u2028", "\u2029",
      // combining sequences and their composed or compatibility forms
      "e\u0301", "\u00E9", "\u0301", "A\u030A", "\u00C5", "\u212B", "\u1E9B\u0323", "\uFB01", "fi", "J\u030C", "\u01F0",
      // case traps for @CaseInsensitive
      "\u0130", "\u0131", "i", "I", "\u00DF", "\u1E9E", "SS", "\u03A3", "\u03C3", "\u03C2",
      "\u01C4", "\u01C5", "\u01C6",
      // bidi, zero-width and other format characters, BMP and supplementary
      "\u200B", "\u200C", "\u200D", "\u200E", "\u200F", "\u202A", "\u202E", "\u2066", "\u2069", "\uFEFF", "\u00AD",
      "\u061C", "\u180E", "\uDB40\uDC01",
      // unpaired and reversed surrogates, and proper pairs
      "\uD800", "\uDBFF", "\uDC00", "\uDFFF", "\uDC00\uD800", "\uD83D\uDE00", "\uD835\uDD18",
      // ordinary text
      "a", "A", "0", "t42", "acme", "\u79DF\u6237", "-", "_", ".");

  /**
   * Few tokens whose short combinations often mean the same once canonical ({@code "a "} and
   * {@code "a"}, {@code "e\u0301"} and {@code "\u00E9"}, {@code "A"} and {@code "a"} when
   * case-insensitive) or look alike once escaped ({@code ":"} and {@code "%3A"}, {@code ","} as
   * text and as separator): different inputs land on one body often, and must then be equal.
   */
  private static final List<String> CONFUSABLES =
      List.of("a", "A", " ", ":", "%3A", ",", "%2C", "e\u0301", "\u00E9", "\u200B", "\u00A0");

  private final Random random;
  /** Per general category ({@link Character#getType}), code points of it. */
  private final Map<Integer, int[]> byCategory;
  private final List<Integer> categories;

  HostileText(long seed) {
    this.random = new Random(seed);
    this.byCategory = samplePerCategory();
    this.categories = List.copyOf(byCategory.keySet());
  }

  /** The general categories that {@link #next()} draws code points from. */
  List<Integer> categories() {
    return categories;
  }

  /** A hostile value; {@code null} now and then. */
  String next() {
    int kind = random.nextInt(100);
    if (kind < 2) {
      return null;
    }
    if (kind < 4) {
      return huge();
    }
    if (kind < 50) {
      return confusable();
    }
    StringBuilder value = new StringBuilder();
    int parts = 1 + random.nextInt(4);
    for (int i = 0; i < parts; i++) {
      if (random.nextInt(6) == 0) {
        value.appendCodePoint(anyCategoryCodePoint());
      } else {
        value.append(FRAGMENTS.get(random.nextInt(FRAGMENTS.size())));
      }
    }
    return value.toString();
  }

  private String confusable() {
    StringBuilder value = new StringBuilder();
    int parts = 1 + random.nextInt(3);
    for (int i = 0; i < parts; i++) {
      value.append(CONFUSABLES.get(random.nextInt(CONFUSABLES.size())));
    }
    return value.toString();
  }

  /** A code point of a random general category, every category equally likely. */
  private int anyCategoryCodePoint() {
    int[] codePoints = byCategory.get(categories.get(random.nextInt(categories.size())));
    return codePoints[random.nextInt(codePoints.length)];
  }

  /** Longer than any body may be, of one repeated fragment or of random code points. */
  private String huge() {
    int length = 600 + random.nextInt(4_000);
    if (random.nextBoolean()) {
      return FRAGMENTS.get(random.nextInt(FRAGMENTS.size())).repeat(length / 4 + 1);
    }
    StringBuilder value = new StringBuilder(length);
    while (value.length() < length) {
      value.appendCodePoint(anyCategoryCodePoint());
    }
    return value.toString();
  }

  /** Up to 64 code points of each general category, spread over the whole code space. */
  private static Map<Integer, int[]> samplePerCategory() {
    Map<Integer, List<Integer>> all = new TreeMap<>();
    for (int codePoint = 0; codePoint <= Character.MAX_CODE_POINT; codePoint++) {
      all.computeIfAbsent(Character.getType(codePoint), type -> new ArrayList<>()).add(codePoint);
    }
    Map<Integer, int[]> sample = new TreeMap<>();
    all.forEach((type, codePoints) -> {
      int size = Math.min(64, codePoints.size());
      int[] picked = new int[size];
      for (int i = 0; i < size; i++) {
        picked[i] = codePoints.get((int) ((long) i * codePoints.size() / size));
      }
      sample.put(type, picked);
    });
    return sample;
  }
}
