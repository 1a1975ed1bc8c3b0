package dev.lockkey.processor;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the durations of guard annotations at compile time, so that generated code holds a
 * {@code Duration} and nothing parses text at run time: a number and a unit ({@code 500ms},
 * {@code 10s}, {@code 5m}, {@code 2h}, {@code 1d}, as Spring Boot writes them) or ISO-8601
 * ({@code PT10S}).
 */
final class DurationText {
  private static final Pattern SIMPLE = Pattern.compile("(\\d{1,12})(ms|s|m|h|d)");

  private DurationText() {}

  /** The duration {@code text} stands for, or empty when it is none. */
  static Optional<Duration> parse(String text) {
    Matcher simple = SIMPLE.matcher(text);
    if (simple.matches()) {
      long amount = Long.parseLong(simple.group(1));
      return Optional.of(switch (simple.group(2)) {
        case "ms" -> Duration.ofMillis(amount);
        case "s" -> Duration.ofSeconds(amount);
        case "m" -> Duration.ofMinutes(amount);
        case "h" -> Duration.ofHours(amount);
        default -> Duration.ofDays(amount);
      });
    }
    if (!text.toUpperCase(Locale.ROOT).startsWith("P")) {
      return Optional.empty();
    }
    try {
      return Optional.of(Duration.parse(text));
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }
}
