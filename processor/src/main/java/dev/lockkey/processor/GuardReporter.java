package dev.lockkey.processor;

import java.util.Map;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;
import javax.tools.Diagnostic;

/**
 * Prints the problems of one class's guarded methods at their narrowest location (a parameter, an
 * attribute value, the annotation, the method) and remembers whether any was an error, so that
 * nothing is generated for that class.
 */
final class GuardReporter {
  private final Messager messager;
  private boolean hadError;

  GuardReporter(Messager messager) {
    this.messager = messager;
  }

  /** Whether an error has been reported. */
  boolean hadError() {
    return hadError;
  }

  /**
   * Reports a problem of {@code method}, whose guard annotation is {@code guard} ({@code null}
   * when the problem is not about one guard).
   */
  void report(ExecutableElement method, AnnotationMirror guard, GuardProblem problem) {
    switch (problem.where()) {
      case PARAMETER -> print(problem, method.getParameters().get(problem.parameter()), null, null);
      case KEY_FIELD -> {
        VariableElement parameter = method.getParameters().get(problem.parameter());
        AnnotationMirror keyField = Reporter.find(parameter, GuardNames.KEY_FIELD);
        print(problem, parameter, keyField, keyField == null ? null : explicitValue(keyField, "value"));
      }
      case VALUE -> print(problem, method, guard, guard == null ? null : explicitValue(guard, problem.attribute()));
      case ANNOTATION -> print(problem, method, guard, null);
      case METHOD -> print(problem, method, null, null);
    }
  }

  /** Reports a problem of {@code element} itself, e.g. a class whose guards could not be written. */
  void report(Element element, GuardMessage message, Object... args) {
    hadError |= message.kind() == Diagnostic.Kind.ERROR;
    messager.printMessage(message.kind(), message.format(args), element);
  }

  private void print(GuardProblem problem, Element element, AnnotationMirror annotation, AnnotationValue value) {
    hadError |= problem.message().kind() == Diagnostic.Kind.ERROR;
    if (value != null) {
      messager.printMessage(problem.message().kind(), problem.text(), element, annotation, value);
    } else if (annotation != null) {
      messager.printMessage(problem.message().kind(), problem.text(), element, annotation);
    } else {
      messager.printMessage(problem.message().kind(), problem.text(), element);
    }
  }

  /** The value written for {@code attribute}, or {@code null} when defaulted (it has no position then). */
  private static AnnotationValue explicitValue(AnnotationMirror annotation, String attribute) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        annotation.getElementValues().entrySet()) {
      if (entry.getKey().getSimpleName().contentEquals(attribute)) {
        return entry.getValue();
      }
    }
    return null;
  }
}
