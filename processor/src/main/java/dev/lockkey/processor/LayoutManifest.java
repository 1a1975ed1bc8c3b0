package dev.lockkey.processor;

import java.util.List;

/**
 * What decides the keys of one spec, as the processor writes it into the output
 * ({@link ManifestWriter}) and reads it back from a committed baseline ({@link Baseline}).
 *
 * @param spec the spec's qualified name, e.g. {@code com.acme.PaymentCapture}
 * @param domain the domain word
 * @param action the action word
 * @param version the layout version
 * @param formatEdition the key format edition that renders the keys ({@link FormatEdition})
 * @param layout the rendered layout, e.g. {@code payment:capture:v1:{tenant}:{orderId}}
 * @param fields the identity fields in declaration order
 */
record LayoutManifest(
    String spec, String domain, String action, int version, int formatEdition, String layout, List<Field> fields) {

  LayoutManifest {
    fields = List.copyOf(fields);
  }

  /**
   * One identity field.
   *
   * @param type the declared type without annotations, e.g. {@code java.util.Set<java.lang.Long>}
   * @param modifiers the field annotations as written, in a fixed order, e.g.
   *     {@code [@CaseInsensitive, @MaxLength(64)]}; a window as an ISO duration, {@code @Window(PT1M)}
   */
  record Field(String name, String type, List<String> modifiers) {
    Field {
      modifiers = List.copyOf(modifiers);
    }

    /** E.g. {@code phone java.lang.String @Secret}. */
    String describe() {
      return modifiers.isEmpty() ? name + " " + type : name + " " + type + " " + String.join(" ", modifiers);
    }
  }

  /** The key space the spec claims, e.g. {@code payment:capture:v1}. */
  String keySpace() {
    return domain + ":" + action + ":v" + version;
  }

  /** The spec's simple name, e.g. {@code PaymentCapture}. */
  String simpleName() {
    return spec.substring(spec.lastIndexOf('.') + 1);
  }

  /** The field names in declaration order. */
  List<String> fieldNames() {
    return fields.stream().map(Field::name).toList();
  }

  /** The layout and fields on one line, e.g. {@code payment:capture:v1:{tenant}:{orderId} (tenant java.lang.String, orderId long)}. */
  String describe() {
    return layout + " (" + String.join(", ", fields.stream().map(Field::describe).toList()) + ")";
  }
}
