package dev.lockkey;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

/**
 * Generators of hostile text and numbers for {@link RandomCases}: short strings of few tokens that
 * collide once escaped, any code point, combining marks, every kind of white space, long text,
 * and strings with unpaired surrogates.
 */
public final class RandomText {
  /** Characters that the key format treats specially: reserved, white space, combining, case pairs. */
  private static final String HOSTILE = "a%:3A,{}* \t\u00A0\u202F\u2007\u200B\uFEFFe\u0301\u00E9J\u030C\u01F0"
      + "S\u017F\u00DF\u1E9E\u00B5\u03BC\u03A3\u03C2\u03C3\u03D0\u03B2K\u212A";
  private static final long[] EDGE_LONGS = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, Integer.MIN_VALUE,
      Integer.MAX_VALUE};

  private RandomText() {}

  /** Any string without unpaired surrogates: hostile, any code point, combining-heavy, or long. */
  public static String valid(Random random) {
    return switch (random.nextInt(4)) {
      case 0 -> fromChars(random, HOSTILE, random.nextInt(6));
      case 1 -> codePoints(random, random.nextInt(13));
      case 2 -> chars(random, 0, 0x36F, random.nextInt(21));
      default -> bmpWithoutSurrogates(random, 100 + random.nextInt(501));
    };
  }

  /** Anything: valid text, any chars (unpaired surrogates too), white space only, or very long. */
  public static String any(Random random) {
    return switch (random.nextInt(4)) {
      case 0 -> valid(random);
      case 1 -> chars(random, 0, Character.MAX_VALUE, random.nextInt(41));
      case 2 -> whiteSpace(random, random.nextInt(6));
      default -> chars(random, 0, Character.MAX_VALUE, 500 + random.nextInt(2501));
    };
  }

  /** Short strings of any chars, as a user might pass: mostly ASCII, often Unicode, sometimes broken. */
  public static String anyShort(Random random) {
    return switch (random.nextInt(3)) {
      case 0 -> chars(random, 0x20, 0x7E, random.nextInt(20));
      case 1 -> fromChars(random, HOSTILE, random.nextInt(10));
      default -> chars(random, 0, Character.MAX_VALUE, random.nextInt(256));
    };
  }

  /** A long, often an edge value. */
  public static long anyLong(Random random) {
    return random.nextInt(5) == 0 ? EDGE_LONGS[random.nextInt(EDGE_LONGS.length)] : random.nextLong();
  }

  /** One to {@code max} elements of {@code element}. */
  public static <T> List<T> listOf(Random random, int max, Function<Random, T> element) {
    int size = 1 + random.nextInt(max);
    List<T> list = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      list.add(element.apply(random));
    }
    return list;
  }

  /** {@code length} chars picked from {@code alphabet}. */
  public static String fromChars(Random random, String alphabet, int length) {
    StringBuilder text = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      text.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return text.toString();
  }

  /** One or two of {@code tokens} joined, e.g. {@code ":%3A"}. */
  public static String tokens(Random random, String... tokens) {
    String first = tokens[random.nextInt(tokens.length)];
    return random.nextBoolean() ? first : first + tokens[random.nextInt(tokens.length)];
  }

  private static String codePoints(Random random, int count) {
    StringBuilder text = new StringBuilder();
    while (count-- > 0) {
      int codePoint = random.nextInt(Character.MAX_CODE_POINT + 1);
      if (codePoint < Character.MIN_SURROGATE || codePoint > Character.MAX_SURROGATE) {
        text.appendCodePoint(codePoint);
      }
    }
    return text.toString();
  }

  private static String chars(Random random, int first, int last, int length) {
    StringBuilder text = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      text.append((char) (first + random.nextInt(last - first + 1)));
    }
    return text.toString();
  }

  private static String bmpWithoutSurrogates(Random random, int length) {
    StringBuilder text = new StringBuilder(length);
    while (text.length() < length) {
      char c = (char) random.nextInt(Character.MAX_VALUE + 1);
      if (!Character.isSurrogate(c)) {
        text.append(c);
      }
    }
    return text.toString();
  }

  private static String whiteSpace(Random random, int length) {
    return fromChars(random, " \t\n\u000B\f\r\u001C\u0085\u00A0\u1680\u2000\u2007\u200A\u200B\u2028\u202F\u205F\u3000\uFEFF",
        length);
  }
}
