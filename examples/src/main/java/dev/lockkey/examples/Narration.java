package dev.lockkey.examples;

import java.io.PrintStream;
import java.util.Locale;

/** Where the demo tells what it does: numbered headings and indented lines, on one stream. */
final class Narration {
  private static final int SHOWN_TOKEN_CHARS = 6;

  private final PrintStream out;

  Narration(PrintStream out) {
    this.out = out;
  }

  /** A section title, after a blank line. */
  void heading(String title) {
    out.println();
    out.println(title);
  }

  /** An indented line of the current section, formatted as {@link String#format} does. */
  void line(String format, Object... args) {
    out.println("  " + String.format(Locale.ROOT, format, args));
  }

  /** A line of its own, not indented. */
  void plain(String text) {
    out.println(text);
  }

  /**
   * The first characters of an owner token: enough to tell holders apart. The whole token would let
   * a reader release the lock, so it is never printed.
   */
  static String abbreviate(String ownerToken) {
    return ownerToken.substring(0, SHOWN_TOKEN_CHARS) + "...";
  }
}
