package dev.lockkey.examples;

/** A failure told in one line, for the demo's standard error: no stack trace for a newcomer to read. */
final class OneLine {
  private OneLine() {}

  /**
   * The failure's message, followed by its innermost cause's when that adds something (e.g.
   * "Connection refused" under a wrapper), cut at the first line break.
   */
  static String of(Throwable failure) {
    Throwable root = failure;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    String message = failure.getMessage() != null ? failure.getMessage() : failure.getClass().getSimpleName();
    if (root != failure && root.getMessage() != null && !message.contains(root.getMessage())) {
      message += " (" + root.getMessage() + ")";
    }
    return message.lines().findFirst().orElse("");
  }
}
