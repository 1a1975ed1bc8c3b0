package dev.lockkey.processor;

import java.util.List;
import javax.tools.Diagnostic;

/**
 * One broken rule of a spec, and where on its element it belongs: on the element itself, on one
 * of its annotations, or on one attribute value of that annotation.
 *
 * @param annotation the qualified name of the annotation to point at, or {@code null} for the element
 * @param attribute the attribute whose value to point at, or {@code null} for the whole annotation
 * @param args the message's arguments
 */
record Problem(Message message, String annotation, String attribute, List<Object> args) {

  Problem {
    args = List.copyOf(args);
  }

  /** A problem of the element itself, e.g. a field's type. */
  static Problem onElement(Message message, Object... args) {
    return new Problem(message, null, null, List.of(args));
  }

  /** A problem of an annotation on the element, e.g. a modifier that does not fit. */
  static Problem onAnnotation(String annotation, Message message, Object... args) {
    return new Problem(message, annotation, null, List.of(args));
  }

  /** A problem of one attribute value, e.g. {@code version = 0}. */
  static Problem onValue(String annotation, String attribute, Message message, Object... args) {
    return new Problem(message, annotation, attribute, List.of(args));
  }

  /** Whether the problem stops generation. */
  boolean isError() {
    return message.kind() == Diagnostic.Kind.ERROR;
  }

  /** The text to print. */
  String text() {
    return message.format(args.toArray());
  }
}
