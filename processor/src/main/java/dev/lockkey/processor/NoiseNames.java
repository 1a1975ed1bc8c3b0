package dev.lockkey.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Whether a field's name says it holds per-request data: a request, trace, span or correlation
 * id, a nonce, a random value, a retry count, or a reading of the clock. A key holding one differs
 * on every request and never locks anything. Names are judged by their words, wherever they
 * stand ({@code xRequestId}, {@code createdAtMillis}, {@code trace_id}), so that {@code nowhere},
 * {@code timeZone} or {@code orderId} are not mistaken for noise.
 */
final class NoiseNames {
  /** Words of a per-request identifier when followed by an id word: {@code requestId}, {@code span_uuid}. */
  private static final Set<String> PER_REQUEST = Set.of("request", "trace", "span", "correlation", "causation");

  private static final Set<String> ID_WORDS = Set.of("id", "uuid", "guid");

  /** Words that are noise on their own, in any position. */
  private static final Set<String> NOISE_WORDS = Set.of("nonce", "random", "now", "timestamp", "traceparent");

  /** Units of a clock reading, noise next to a word of time: {@code epochMillis}, {@code startNanos}. */
  private static final Set<String> CLOCK_UNITS = Set.of("millis", "nanos", "micros", "ms", "ns");

  /** Words that make a clock unit a reading of the clock. */
  private static final Set<String> TIME_WORDS =
      Set.of("time", "epoch", "clock", "at", "start", "started", "end", "ended", "current", "received", "sent");

  /** Irregular past participles that, before {@code at}, name a moment: {@code sentAt}, {@code seenAt}. */
  private static final Set<String> IRREGULAR_PARTICIPLES = Set.of("sent", "seen", "begun", "made", "paid", "run");

  private NoiseNames() {}

  /** Whether {@code name}, a Java identifier, names per-request data. */
  static boolean isNoise(String name) {
    List<String> words = words(name);
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      String next = i + 1 < words.size() ? words.get(i + 1) : "";
      if (NOISE_WORDS.contains(word)
          || (PER_REQUEST.contains(word) && ID_WORDS.contains(next))
          || (word.equals("current") && next.equals("time"))
          || (word.equals("time") && next.equals("stamp"))
          || (word.equals("retry") && (next.equals("count") || next.equals("attempt")))
          || (next.equals("at") && isParticiple(word))
          || (CLOCK_UNITS.contains(word) && words.stream().anyMatch(NoiseNames::isTimeWord))) {
        return true;
      }
    }
    return false;
  }

  private static boolean isParticiple(String word) {
    return (word.length() > 3 && word.endsWith("ed")) || IRREGULAR_PARTICIPLES.contains(word);
  }

  private static boolean isTimeWord(String word) {
    return TIME_WORDS.contains(word) || isParticiple(word);
  }

  /**
   * The lowercase words of an identifier: split at underscores and dollars, before an upper-case
   * letter that follows a lower-case letter or a digit, before the last capital of a run of
   * capitals followed by a lower-case letter ({@code HTTPRequest} is {@code http request}), and
   * around runs of digits ({@code trace2Id} is {@code trace 2 id}).
   */
  static List<String> words(String name) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      char previous = i > 0 ? name.charAt(i - 1) : '_';
      char following = i + 1 < name.length() ? name.charAt(i + 1) : '_';
      boolean boundary = (Character.isUpperCase(c) && (Character.isLowerCase(previous) || Character.isDigit(previous)))
          || (Character.isUpperCase(c) && Character.isUpperCase(previous) && Character.isLowerCase(following))
          || (Character.isDigit(c) != Character.isDigit(previous) && Character.isLetterOrDigit(previous));
      if (c == '_' || c == '$' || boundary) {
        addWord(words, word);
      }
      if (c != '_' && c != '$') {
        word.append(c);
      }
    }
    addWord(words, word);
    return words;
  }

  private static void addWord(List<String> words, StringBuilder word) {
    if (!word.isEmpty()) {
      words.add(word.toString().toLowerCase(Locale.ROOT));
      word.setLength(0);
    }
  }
}
