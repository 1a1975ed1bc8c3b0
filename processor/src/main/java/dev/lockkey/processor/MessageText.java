package dev.lockkey.processor;

import java.util.Locale;
import javax.tools.Diagnostic;

/**
 * The text of one message of a catalogue, and how it prints: its stable id in brackets, then the
 * rule, what was found and the fix; javac adds "error:", "warning:" or "Note:" itself.
 *
 * @param kind error, warning or note
 * @param id the stable id, e.g. {@code LockKeyFieldType}, shared by the variants of one rule
 * @param template the text after the id, with {@code %s} and {@code %d} for the arguments
 */
record MessageText(Diagnostic.Kind kind, String id, String template) {

  /** The text to print, e.g. {@code [LockKeyVersion] version is 0; ...}. */
  String format(Object... args) {
    return "[" + id + "] " + String.format(Locale.ROOT, template, args);
  }
}
