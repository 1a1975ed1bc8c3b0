package dev.lockkey.format;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.KeySecret;
import dev.lockkey.SpecDescriptor;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Specs of the key format contract and the calls generated code makes for them, so tests go
 * through {@link KeyFormat} and {@link FieldFormat} exactly as generated keys do.
 */
final class Specs {
  /** {@code @LockKeySpec(domain = "payment", action = "capture") interface PaymentCapture { String tenant(); long orderId(); }} */
  static final KeyFormat PAYMENT_CAPTURE = KeyFormat.of(new SpecDescriptor(
      "com.acme.PaymentCapture", "payment", "capture", 1, "payment:capture:v1:{tenant}:{orderId}",
      List.of(FieldDescriptor.of("tenant", "java.lang.String"), FieldDescriptor.of("orderId", "long"))));

  /**
   * The secret bytes of the contract's golden vector, 6 bytes: too short for a {@link KeySecret},
   * so the vector is checked with {@link Digests#hmacSha256Hex(byte[], byte[])}.
   */
  static final byte[] CONTRACT_SECRET_BYTES = "secret".getBytes(StandardCharsets.UTF_8);

  /** The bytes of {@link #SECRET}: 32, as a real secret has. */
  static final byte[] SECRET_BYTES = "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.UTF_8);

  /** The secret that keyed tests digest with. */
  static final KeySecret SECRET = KeySecret.of(SECRET_BYTES);

  private Specs() {}

  /**
   * What {@code PaymentCaptureKey.of(tenant, orderId).canonical()} returns, computed as the
   * generated class computes it; checked against {@link #paymentCaptureRendered}.
   */
  static String paymentCapture(String tenant, long orderId) {
    FieldFormat tenantFormat = PAYMENT_CAPTURE.field("tenant");
    return PAYMENT_CAPTURE.body("payment:capture:v1:" + tenantFormat.segment(tenantFormat.text(tenant)) + ":" + orderId);
  }

  /** The same body through {@link KeyFormat#render}, as earlier generated classes compute it. */
  static String paymentCaptureRendered(String tenant, long orderId) {
    FieldFormat tenantFormat = PAYMENT_CAPTURE.field("tenant");
    FieldFormat orderIdFormat = PAYMENT_CAPTURE.field("orderId");
    return PAYMENT_CAPTURE.render(tenantFormat.segment(tenantFormat.text(tenant)), orderIdFormat.segment(orderIdFormat.text(orderId)));
  }

  /** A spec {@code Single} with one field, laid out {@code test:single:v1:{name}}. */
  static KeyFormat single(FieldDescriptor field) {
    return KeyFormat.of(new SpecDescriptor(
        "com.acme.Single", "test", "single", 1, "test:single:v1:{" + field.name() + "}", List.of(field)));
  }

  /** The format of the only field of {@link #single}. */
  static FieldFormat field(FieldDescriptor field) {
    return single(field).field(field.name());
  }

  /** A plain {@code String value()} field. */
  static FieldFormat string() {
    return field(FieldDescriptor.of("value", "java.lang.String"));
  }

  /** The segment of a plain string, as generated code computes it. */
  static String stringSegment(String value) {
    FieldFormat format = string();
    return format.segment(format.text(value));
  }
}
