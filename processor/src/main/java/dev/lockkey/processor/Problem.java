package dev.lockkey.processor;

import java.util.List;

/**
 * One broken rule, of a spec, a record or a guarded method, and where on the reported element it
 * belongs: on the element itself or one of its parameters, on an annotation there, or on one
 * attribute value of that annotation (the annotation when the value is defaulted).
 *
 * @param parameter the index of the element's parameter to point at, or -1 for the element itself
 * @param annotation the qualified name of the annotation to point at, or {@code null} for the
 *     element or parameter
 * @param attribute the attribute whose value to point at, or {@code null} for the whole annotation
 * @param args the message's arguments
 */
record Problem(ProcessorMessage message, int parameter, String annotation, String attribute, List<Object> args) {

  Problem {
    args = List.copyOf(args);
  }

  /** A problem of the element itself, e.g. a field's type or a guarded method. */
  static Problem onElement(ProcessorMessage message, Object... args) {
    return new Problem(message, -1, null, null, List.of(args));
  }

  /** A problem of an annotation on the element, e.g. a modifier that does not fit. */
  static Problem onAnnotation(String annotation, ProcessorMessage message, Object... args) {
    return new Problem(message, -1, annotation, null, List.of(args));
  }

  /** A problem of one attribute value, e.g. {@code version = 0}. */
  static Problem onValue(String annotation, String attribute, ProcessorMessage message, Object... args) {
    return new Problem(message, -1, annotation, attribute, List.of(args));
  }

  /** A problem of a guarded method's parameter, e.g. a second {@code Lease}. */
  static Problem onParameter(int parameter, ProcessorMessage message, Object... args) {
    return new Problem(message, parameter, null, null, List.of(args));
  }

  /** A problem of an attribute value of an annotation on a guarded method's parameter, e.g. {@code @KeyField("x")}. */
  static Problem onParameterValue(
      int parameter, String annotation, String attribute, ProcessorMessage message, Object... args) {
    return new Problem(message, parameter, annotation, attribute, List.of(args));
  }

  /** Whether the problem stops generation. */
  boolean isError() {
    return message.isError();
  }

  /** The text to print. */
  String text() {
    return message.format(args.toArray());
  }
}
