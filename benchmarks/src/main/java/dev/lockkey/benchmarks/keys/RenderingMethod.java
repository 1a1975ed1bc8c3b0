package dev.lockkey.benchmarks.keys;

/** The ways {@link KeyRenderingBenchmark} builds a key body, by benchmark method name. */
public enum RenderingMethod {
  /** LockKey's generated key class. */
  GENERATED_KEY("generatedKey", "LockKey: PaymentCaptureKey.of(tenant, orderId).canonical()"),
  /** The floor. */
  HAND_WRITTEN("handWritten", "hand-written StringBuilder, same escaping (floor)"),
  /** Hand-written concatenation, informative. */
  HAND_CONCATENATED(
      "handConcatenated", "hand-written concatenation when nothing needs escaping (tighter than the floor)"),
  /** {@code String.format}. */
  STRING_FORMAT("stringFormat", "String.format, no escaping"),
  /** A pre-parsed SpEL template. */
  SPEL_TEMPLATE("spelTemplate", "pre-parsed SpEL template, fresh context per key, no escaping");

  private final String method;
  private final String description;

  RenderingMethod(String method, String description) {
    this.method = method;
    this.description = description;
  }

  /** The JMH benchmark method. */
  public String method() {
    return method;
  }

  /** What it is, for the report. */
  public String description() {
    return description;
  }
}
