package dev.lockkey.processor;

import java.util.Arrays;
import java.util.Map;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * Prints the problems of one spec at their narrowest location and remembers whether any was an
 * error, so that nothing is generated for that spec. Warnings are dropped where
 * {@code @SuppressWarnings("lockkey")} covers the element.
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

  /** Reports a problem of {@code element}. */
  void report(Element element, Problem problem) {
    if (!problem.isError() && suppressed(element)) {
      return;
    }
    hadError |= problem.isError();
    Diagnostic.Kind kind = problem.message().kind();
    AnnotationMirror annotation = problem.annotation() == null ? null : find(element, problem.annotation());
    AnnotationValue value = annotation == null || problem.attribute() == null
        ? null
        : explicitValue(annotation, problem.attribute());
    if (value != null) {
      messager.printMessage(kind, problem.text(), element, annotation, value);
    } else if (annotation != null) {
      messager.printMessage(kind, problem.text(), element, annotation);
    } else {
      messager.printMessage(kind, problem.text(), element);
    }
  }

  /** Reports a problem of {@code element} itself. */
  void report(Element element, Message message, Object... args) {
    report(element, Problem.onElement(message, args));
  }

  /** The annotation of that type on {@code element}, or {@code null}. */
  static AnnotationMirror find(Element element, String annotationType) {
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      TypeElement type = (TypeElement) mirror.getAnnotationType().asElement();
      if (type.getQualifiedName().contentEquals(annotationType)) {
        return mirror;
      }
    }
    return null;
  }

  /** The value written for {@code attribute}, or {@code null} when it is defaulted (then it has no position). */
  private static AnnotationValue explicitValue(AnnotationMirror annotation, String attribute) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        annotation.getElementValues().entrySet()) {
      if (entry.getKey().getSimpleName().contentEquals(attribute)) {
        return entry.getValue();
      }
    }
    return null;
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
