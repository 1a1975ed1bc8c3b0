package dev.lockkey.processor;

import javax.tools.Diagnostic;

/**
 * A message of one of the processors' catalogues: {@link Message} for specs and records,
 * {@link GuardMessage} for guarded methods. {@link Problem} and {@link Reporter} take either.
 */
interface ProcessorMessage {

  /** {@return the message's kind, id and text} */
  MessageText text();

  /** Error, warning or note. */
  default Diagnostic.Kind kind() {
    return text().kind();
  }

  /** The stable id, e.g. {@code LockKeyFieldType}, shared by the variants of one rule. */
  default String id() {
    return text().id();
  }

  /** Whether the message stops generation. */
  default boolean isError() {
    return kind() == Diagnostic.Kind.ERROR;
  }

  /** The text to print, e.g. {@code [LockKeyVersion] version is 0; ...}. */
  default String format(Object... args) {
    return text().format(args);
  }
}
