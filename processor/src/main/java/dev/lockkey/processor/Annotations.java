package dev.lockkey.processor;

import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/**
 * How both processors find annotations on elements and their values, by qualified name: the
 * processor never loads the annotation classes.
 */
final class Annotations {
  private Annotations() {}

  /** The annotation of that type on {@code element}, or {@code null}. */
  static AnnotationMirror find(Element element, String annotationType) {
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      if (name(mirror).equals(annotationType)) {
        return mirror;
      }
    }
    return null;
  }

  /** Whether {@code element} carries the annotation of that type. */
  static boolean has(Element element, String annotationType) {
    return find(element, annotationType) != null;
  }

  /** The annotation's qualified name. */
  static String name(AnnotationMirror annotation) {
    return ((TypeElement) annotation.getAnnotationType().asElement()).getQualifiedName().toString();
  }

  /** The value written for {@code attribute}, or {@code null} when it is defaulted (then it has no position). */
  static AnnotationValue explicitValue(AnnotationMirror annotation, String attribute) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        annotation.getElementValues().entrySet()) {
      if (entry.getKey().getSimpleName().contentEquals(attribute)) {
        return entry.getValue();
      }
    }
    return null;
  }

  /**
   * Whether javac could not evaluate an attribute value, e.g. a constant or a class literal of a
   * type it cannot find: javac shows such a value as {@code <error>}, or {@code <error>} within a
   * class literal or an array; a real string constant prints quoted.
   */
  static boolean erroneous(AnnotationValue value) {
    String text = value.toString();
    return !text.startsWith("\"") && text.contains("<error>");
  }
}
