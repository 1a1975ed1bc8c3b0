package dev.lockkey.processor;

import java.util.HashMap;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.Elements;

/**
 * The attribute values of one annotation, defaults included, as plain values, and the problems
 * that point at them.
 *
 * @param annotation the annotation's qualified name
 * @param values by attribute name: an enum constant as its name, a class literal as its
 *     {@code DeclaredType}, an array as its {@code AnnotationValue}s; values javac could not
 *     evaluate are left out (javac reports them)
 */
record Attributes(String annotation, Map<String, Object> values) {

  Attributes {
    values = Map.copyOf(values);
  }

  /** The values of {@code annotation}. */
  static Attributes of(Elements elements, AnnotationMirror annotation) {
    Map<String, Object> values = new HashMap<>();
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        elements.getElementValuesWithDefaults(annotation).entrySet()) {
      if (!Annotations.erroneous(entry.getValue())) {
        Object value = entry.getValue().getValue();
        values.put(entry.getKey().getSimpleName().toString(),
            value instanceof VariableElement constant ? constant.getSimpleName().toString() : value);
      }
    }
    return new Attributes(Annotations.name(annotation), values);
  }

  /** The value of {@code attribute}, or {@code null} when javac could not evaluate it. */
  Object get(String attribute) {
    return values.get(attribute);
  }

  /** A problem of the value of {@code attribute}, or of the annotation where the value is defaulted. */
  Problem onValue(String attribute, ProcessorMessage message, Object... args) {
    return Problem.onValue(annotation, attribute, message, args);
  }

  /** A problem of the annotation as a whole. */
  Problem onAnnotation(ProcessorMessage message, Object... args) {
    return Problem.onAnnotation(annotation, message, args);
  }
}
