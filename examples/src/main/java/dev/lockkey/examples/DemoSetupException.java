package dev.lockkey.examples;

/** The demo cannot start: no Redis to run on. Its message is the one line the demo prints. */
final class DemoSetupException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  DemoSetupException(String message) {
    super(message);
  }
}
