package dev.lockkey.format;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * The canonical text of a window start: UTC {@code yyyyMMdd'T'HHmmss'Z'}, e.g.
 * {@code 20260421T103500Z}. Written by hand because it is on the hot path of every windowed key.
 */
final class WindowTimestamp {
  /** The earliest instant with a four-digit year. */
  static final Instant EARLIEST = Instant.parse("0000-01-01T00:00:00Z");
  /** The latest instant with a four-digit year. */
  static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999999999Z");

  private static final int LENGTH = "yyyyMMddTHHmmssZ".length();

  private WindowTimestamp() {}

  /** Whether {@code instant} lies in the years 0000 to 9999, the ones this text can show. */
  static boolean inRange(Instant instant) {
    return !instant.isBefore(EARLIEST) && !instant.isAfter(LATEST);
  }

  /** The text of {@code instant}, which must be {@link #inRange}; fractions of a second are cut. */
  static String format(Instant instant) {
    LocalDateTime utc = LocalDateTime.ofEpochSecond(instant.getEpochSecond(), 0, ZoneOffset.UTC);
    char[] text = new char[LENGTH];
    putDigits(text, 0, 4, utc.getYear());
    putDigits(text, 4, 2, utc.getMonthValue());
    putDigits(text, 6, 2, utc.getDayOfMonth());
    text[8] = 'T';
    putDigits(text, 9, 2, utc.getHour());
    putDigits(text, 11, 2, utc.getMinute());
    putDigits(text, 13, 2, utc.getSecond());
    text[15] = 'Z';
    return new String(text);
  }

  private static void putDigits(char[] text, int start, int width, int value) {
    for (int i = start + width - 1; i >= start; i--) {
      text[i] = (char) ('0' + value % 10);
      value /= 10;
    }
  }
}
