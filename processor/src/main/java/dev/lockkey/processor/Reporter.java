package dev.lockkey.processor;

import java.util.Arrays;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.tools.Diagnostic;

/**
 * Prints the problems of one unit of work (a spec, a record, a class's guarded methods) at their
 * narrowest location and remembers whether any was an error, so that nothing is generated for
 * that unit. Warnings are dropped where {@code @SuppressWarnings("lockkey")} covers the element.
 */
final class Reporter {
  private final Messager messager;
  private boolean hadError;

  Reporter(Messager messager) {
    this.messager = messager;
  }

  /** Whether an error has been reported. */
  boolean hadError() {
    return hadError;
  }

  /**
   * Reports a problem of {@code element}.
   *
   * @param element the spec, record, accessor or method the problem is of; a method when the
   *     problem points at one of its parameters
   */
  void report(Element element, Problem problem) {
    Element target = problem.parameter() < 0
        ? element
        : ((ExecutableElement) element).getParameters().get(problem.parameter());
    if (!problem.isError() && suppressed(target)) {
      return;
    }
    hadError |= problem.isError();
    Diagnostic.Kind kind = problem.message().kind();
    AnnotationMirror annotation = problem.annotation() == null ? null : Annotations.find(target, problem.annotation());
    AnnotationValue value = annotation == null || problem.attribute() == null
        ? null
        : Annotations.explicitValue(annotation, problem.attribute());
    if (value != null) {
      messager.printMessage(kind, problem.text(), target, annotation, value);
    } else if (annotation != null) {
      messager.printMessage(kind, problem.text(), target, annotation);
    } else {
      messager.printMessage(kind, problem.text(), target);
    }
  }

  /** Reports a problem of {@code element} itself. */
  void report(Element element, ProcessorMessage message, Object... args) {
    report(element, Problem.onElement(message, args));
  }

  /** Whether {@code @SuppressWarnings("lockkey")} is on the element or one enclosing it. */
  private static boolean suppressed(Element element) {
    for (Element e = element; e != null; e = e.getEnclosingElement()) {
      SuppressWarnings suppression = e.getAnnotation(SuppressWarnings.class);
      if (suppression != null && Arrays.asList(suppression.value()).contains(Names.SUPPRESSION)) {
        return true;
      }
    }
    return false;
  }
}
