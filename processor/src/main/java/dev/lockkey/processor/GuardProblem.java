package dev.lockkey.processor;

import java.util.List;

/**
 * One broken rule of a guarded method and where on the method it belongs: the method, its guard
 * annotation, one of that annotation's values, a parameter, or a parameter's {@code @KeyField}.
 *
 * @param parameter the parameter's index for {@link Where#PARAMETER} and {@link Where#KEY_FIELD}, else -1
 * @param attribute the guard annotation's attribute for {@link Where#VALUE}, else {@code null}
 */
record GuardProblem(GuardMessage message, Where where, int parameter, String attribute, List<Object> args) {

  /** The narrowest place a problem is reported. */
  enum Where {
    METHOD,
    ANNOTATION,
    VALUE,
    PARAMETER,
    KEY_FIELD
  }

  GuardProblem {
    args = List.copyOf(args);
  }

  static GuardProblem onMethod(GuardMessage message, Object... args) {
    return new GuardProblem(message, Where.METHOD, -1, null, List.of(args));
  }

  static GuardProblem onAnnotation(GuardMessage message, Object... args) {
    return new GuardProblem(message, Where.ANNOTATION, -1, null, List.of(args));
  }

  static GuardProblem onValue(String attribute, GuardMessage message, Object... args) {
    return new GuardProblem(message, Where.VALUE, -1, attribute, List.of(args));
  }

  static GuardProblem onParameter(int parameter, GuardMessage message, Object... args) {
    return new GuardProblem(message, Where.PARAMETER, parameter, null, List.of(args));
  }

  static GuardProblem onKeyField(int parameter, GuardMessage message, Object... args) {
    return new GuardProblem(message, Where.KEY_FIELD, parameter, null, List.of(args));
  }

  /** The text to print. */
  String text() {
    return message.format(args.toArray());
  }
}
