package dev.lockkey.reliability;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One line that a worker process prints for the test that started it: a tag, then
 * {@code name=value} pairs, e.g. {@code RESULT acquisitions=120 overlaps=0}. Values hold no spaces.
 *
 * @param tag what the line reports, e.g. {@code HOLDING} or {@code RESULT}
 * @param values the pairs, in order
 */
public record ReportLine(String tag, Map<String, String> values) {

  /** A line of {@code tag} and these values, each turned into text by {@code String.valueOf}. */
  public static ReportLine of(String tag, Map<String, ?> values) {
    Map<String, String> text = new LinkedHashMap<>();
    values.forEach((name, value) -> text.put(name, String.valueOf(value)));
    return new ReportLine(tag, text);
  }

  /**
   * Reads a line that {@link #format()} wrote.
   *
   * @throws IllegalArgumentException when a pair has no {@code =}
   */
  public static ReportLine parse(String line) {
    String[] words = line.strip().split(" ");
    Map<String, String> values = new LinkedHashMap<>();
    for (int i = 1; i < words.length; i++) {
      int equals = words[i].indexOf('=');
      if (equals < 0) {
        throw new IllegalArgumentException("not a name=value pair: " + words[i] + " in " + line);
      }
      values.put(words[i].substring(0, equals), words[i].substring(equals + 1));
    }
    return new ReportLine(words[0], values);
  }

  /** The line as printed: tag and pairs separated by single spaces. */
  public String format() {
    StringBuilder line = new StringBuilder(tag);
    values.forEach((name, value) -> line.append(' ').append(name).append('=').append(value));
    return line.toString();
  }

  /** The value of {@code name} as a number. */
  public long number(String name) {
    return Long.parseLong(value(name));
  }

  /** The value of {@code name} as a boolean. */
  public boolean flag(String name) {
    return Boolean.parseBoolean(value(name));
  }

  /** The value of {@code name} as text. */
  public String value(String name) {
    String value = values.get(name);
    if (value == null) {
      throw new IllegalArgumentException("no " + name + " in " + format());
    }
    return value;
  }
}
