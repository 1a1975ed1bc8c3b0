package dev.lockkey;

import dev.lockkey.format.KeyFormat;
import java.util.List;
import java.util.Objects;

/**
 * What a {@link LockKeySpec} declares, as generated code records it in its {@code SPEC} constant.
 *
 * <p>{@link #name()}, {@link #domain()}, {@link #action()} and {@link #version()} are few per
 * application: use them as metric tags, never the key itself.
 *
 * @param name the spec interface's qualified name, e.g. {@code com.acme.PaymentCapture}
 * @param domain the spec's domain word
 * @param action the spec's action word
 * @param version the layout version, at least 1
 * @param layout the body with one {@code {field}} placeholder per segment, e.g.
 *     {@code payment:capture:v1:{tenant}:{orderId}}
 * @param fields the identity fields in declaration order
 * @param formatEdition the edition of the key format (docs/KEY-FORMAT.md, "Editions") whose
 *     rules render the body: what the generated code was generated for; 0 for a layout manifest
 *     written before editions were recorded
 */
public record SpecDescriptor(
    String name,
    String domain,
    String action,
    int version,
    String layout,
    List<FieldDescriptor> fields,
    int formatEdition) {

  /**
   * Checks that the parts are given, the version is at least 1 and the edition not negative; copies the fields.
   *
   * @param name the spec interface's qualified name, e.g. {@code com.acme.PaymentCapture}
   * @param domain the spec's domain word
   * @param action the spec's action word
   * @param version the layout version, at least 1
   * @param layout the body with one {@code {field}} placeholder per segment, e.g. {@code
   *     payment:capture:v1:{tenant}:{orderId}}
   * @param fields the identity fields in declaration order
   * @param formatEdition the edition of the key format (docs/KEY-FORMAT.md, "Editions") whose rules
   *     render the body: what the generated code was generated for; 0 for a layout manifest written before
   *     editions were recorded
   */
  public SpecDescriptor {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(domain, "domain");
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(layout, "layout");
    if (version < 1) {
      throw new IllegalArgumentException(name + ": version must be at least 1, was " + version);
    }
    if (formatEdition < 0) {
      throw new IllegalArgumentException(name + ": format edition must not be negative, was " + formatEdition);
    }
    fields = List.copyOf(fields);
  }

  /**
   * A spec of the format edition this runtime renders, {@link KeyFormat#EDITION}: for specs
   * described by hand, e.g. in tests.
   *
   * @param name the spec interface's qualified name
   * @param domain the business domain word
   * @param action the action word
   * @param version the layout version, at least 1
   * @param layout the layout, e.g. {@code payment:capture:v1:{tenant}:{orderId}}
   * @param fields the identity fields in declaration order
   */
  public SpecDescriptor(
      String name, String domain, String action, int version, String layout, List<FieldDescriptor> fields) {
    this(name, domain, action, version, layout, fields, KeyFormat.EDITION);
  }

  /**
   * The spec interface's simple name, e.g. {@code PaymentCapture}.
   *
   * @return the spec interface's simple name, e.g. {@code PaymentCapture}
   */
  public String simpleName() {
    return name.substring(name.lastIndexOf('.') + 1);
  }

  /**
   * The identity field names in declaration order.
   *
   * @return the identity field names in declaration order
   */
  public List<String> fieldNames() {
    return fields.stream().map(FieldDescriptor::name).toList();
  }

  /**
   * The field of that name.
   *
   * @param fieldName the name of an identity field
   * @return the field of that name
   * @throws IllegalArgumentException when the spec has no such field
   */
  public FieldDescriptor field(String fieldName) {
    for (FieldDescriptor field : fields) {
      if (field.name().equals(fieldName)) {
        return field;
      }
    }
    throw new IllegalArgumentException(name + " has no identity field " + fieldName);
  }
}
