package dev.lockkey.processor;

import java.util.List;

/**
 * One valid spec: everything the writer needs to generate its key class, as plain data.
 *
 * @param spec the spec interface
 * @param keyName the generated class's simple name, e.g. {@code PaymentCaptureKey}, in the spec's package
 * @param domain the domain word
 * @param action the action word
 * @param version the layout version, at least 1
 * @param layout the body with one {@code {field}} placeholder per field, e.g.
 *     {@code payment:capture:v1:{tenant}:{orderId}}
 * @param fields the identity fields in declaration order, at least one
 * @param records the records whose fingerprint classes the key class calls: those of
 *     {@code @Hashed} record fields and the records nested in them
 */
record SpecModel(
    TypeRef.Declared spec,
    String keyName,
    String domain,
    String action,
    int version,
    String layout,
    List<FieldModel> fields,
    List<RecordModel> records) {

  SpecModel {
    fields = List.copyOf(fields);
    records = List.copyOf(records);
  }

  /** The spec's qualified name, e.g. {@code com.acme.PaymentCapture}. */
  String qualifiedName() {
    return spec.qualifiedName();
  }

  /** The generated class's qualified name. */
  String qualifiedKeyName() {
    return spec.sibling(keyName).qualifiedName();
  }

  /** Whether any field is {@code @Secret}, so that the factory and builder take a {@code KeySecret}. */
  boolean usesSecret() {
    return fields.stream().anyMatch(field -> field.modifiers().secret());
  }
}
