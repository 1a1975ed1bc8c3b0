package dev.lockkey;

/**
 * A value cannot become part of a key. The message names the spec, the field and the rule, and
 * never contains the value of a {@link Secret} field; no key is produced.
 */
public final class InvalidKeyException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** The spec's name. */
  private final String spec;
  /** The identity field, or {@code null} when the rule concerns the whole key. */
  private final String field;
  /** The rule's stable short name. */
  private final String rule;

  /**
   * @param spec the spec's name
   * @param field the identity field, or {@code null} when the rule concerns the whole key
   * @param rule a stable short name of the rule, e.g. {@code blank} or {@code max-length}
   * @param explanation what is wrong and how to fix it, without secret values
   */
  public InvalidKeyException(String spec, String field, String rule, String explanation) {
    super(spec + (field == null ? "" : "." + field) + " [" + rule + "]: " + explanation);
    this.spec = spec;
    this.field = field;
    this.rule = rule;
  }

  /**
   * The spec's name.
   *
   * @return the spec's name
   */
  public String spec() {
    return spec;
  }

  /**
   * The identity field, or {@code null} when the rule concerns the whole key.
   *
   * @return the identity field, or {@code null} when the rule concerns the whole key
   */
  public String field() {
    return field;
  }

  /**
   * The rule's stable short name, e.g. {@code blank}, {@code max-length}, {@code too-long}.
   *
   * @return the rule's stable short name, e.g. {@code blank}, {@code max-length}, {@code too-long}
   */
  public String rule() {
    return rule;
  }
}
