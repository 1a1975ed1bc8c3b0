package dev.lockkey.observe;

import dev.lockkey.SpecDescriptor;
import java.util.List;
import java.util.Optional;

/**
 * What {@link KeyDecoder#decode} found in a key: its purpose, environment and body, and, when
 * exactly one known spec renders that body, the spec and its field values. A key that no spec,
 * or more than one, renders is reported as such with the reason, never guessed. Immutable; its
 * {@link #toString()} is the report an operator reads.
 */
public final class DecodedKey {

  /** How decoding ended. */
  public enum Outcome {
    /** Exactly one known spec renders the body: {@link #spec()} and {@link #fields()} are set. */
    DECODED,
    /** No known spec renders the body: another version, another application, or no LockKey key. */
    UNKNOWN_LAYOUT,
    /** Several known specs render the body (templates of equal shape): {@link #candidates()} names them. */
    AMBIGUOUS,
    /** The text is no full key {@code purpose:env:{body}} and no body. */
    NOT_A_KEY
  }

  /** Labels of the report take this many columns at least: "not a key" and a space. */
  private static final int LABEL_WIDTH = 10;
  private static final String FIELD_INDENT = "  ";

  private final String input;
  private final Outcome outcome;
  private final String purpose;
  private final String env;
  private final String body;
  private final SpecDescriptor spec;
  private final List<DecodedField> fields;
  private final List<String> candidates;
  private final String reason;

  private DecodedKey(String input, Outcome outcome, String purpose, String env, String body, SpecDescriptor spec,
      List<DecodedField> fields, List<String> candidates, String reason) {
    this.input = input;
    this.outcome = outcome;
    this.purpose = purpose;
    this.env = env;
    this.body = body;
    this.spec = spec;
    this.fields = List.copyOf(fields);
    this.candidates = List.copyOf(candidates);
    this.reason = reason;
  }

  static DecodedKey decoded(KeyText key, SpecDescriptor spec, List<DecodedField> fields) {
    return new DecodedKey(key.input(), Outcome.DECODED, key.purpose(), key.env(), key.body(), spec, fields, List.of(), "");
  }

  static DecodedKey unknown(KeyText key, String reason) {
    return new DecodedKey(key.input(), Outcome.UNKNOWN_LAYOUT, key.purpose(), key.env(), key.body(), null, List.of(),
        List.of(), reason);
  }

  static DecodedKey ambiguous(KeyText key, List<String> candidates) {
    return new DecodedKey(key.input(), Outcome.AMBIGUOUS, key.purpose(), key.env(), key.body(), null, List.of(),
        candidates, "specs " + String.join(", ", candidates) + " all render this body");
  }

  static DecodedKey notAKey(String input, String reason) {
    return new DecodedKey(input, Outcome.NOT_A_KEY, null, null, null, null, List.of(), List.of(), reason);
  }

  /**
   * The text given to {@link KeyDecoder#decode}.
   *
   * @return the text given to {@code KeyDecoder#decode}
   */
  public String input() {
    return input;
  }

  /**
   * How decoding ended.
   *
   * @return how decoding ended
   */
  public Outcome outcome() {
    return outcome;
  }

  /**
   * Whether a spec was found: {@link #outcome()} is {@link Outcome#DECODED}.
   *
   * @return whether a spec was found
   */
  public boolean isDecoded() {
    return outcome == Outcome.DECODED;
  }

  /**
   * The purpose word of a full key, e.g. {@code lock}; empty for a body or no key.
   *
   * @return the purpose word of a full key, e.g. {@code lock}
   */
  public Optional<String> purpose() {
    return Optional.ofNullable(purpose);
  }

  /**
   * The environment word of a full key, e.g. {@code prod}; empty for a body or no key.
   *
   * @return the environment word of a full key, e.g. {@code prod}
   */
  public Optional<String> env() {
    return Optional.ofNullable(env);
  }

  /**
   * The body, e.g. {@code payment:capture:v1:t42:98765}; empty for no key.
   *
   * @return the body, e.g. {@code payment:capture:v1:t42:98765}
   */
  public Optional<String> body() {
    return Optional.ofNullable(body);
  }

  /**
   * The spec that renders the body, when {@link #isDecoded()}.
   *
   * @return the spec that renders the body, when {@code #isDecoded()}
   */
  public Optional<SpecDescriptor> spec() {
    return Optional.ofNullable(spec);
  }

  /**
   * The identity fields in declaration order, when {@link #isDecoded()}; else empty.
   *
   * @return the identity fields in declaration order, when {@code #isDecoded()}
   */
  public List<DecodedField> fields() {
    return fields;
  }

  /**
   * The field of that name.
   *
   * @param name the name of an identity field
   * @return the field
   * @throws IllegalArgumentException when the key was not decoded or its spec has no such field
   */
  public DecodedField field(String name) {
    for (DecodedField field : fields) {
      if (field.name().equals(name)) {
        return field;
      }
    }
    throw new IllegalArgumentException(
        isDecoded() ? spec.name() + " has no identity field " + name : "the key was not decoded: " + reason);
  }

  /**
   * The qualified names of the specs that all render the body, when {@link Outcome#AMBIGUOUS}.
   *
   * @return the qualified names of the specs that all render the body, when {@code Outcome#AMBIGUOUS}
   */
  public List<String> candidates() {
    return candidates;
  }

  /**
   * Why the key was not decoded; "" when it was.
   *
   * @return why the key was not decoded
   */
  public String reason() {
    return reason;
  }

  /**
   * The report for people, with the body's {@link HotKey#hashOf hash} as hot-key logs show it, e.g.
   *
   * <pre>
   * key       lock:prod:{payment:capture:v1:t42:98765}
   * purpose   lock
   * env       prod
   * hash      #ef64fc2cee6f
   * spec      com.acme.PaymentCapture (payment:capture:v1:{tenant}:{orderId})
   *   tenant  t42
   *   orderId 98765
   * </pre>
   */
  @Override
  public String toString() {
    int longestField = fields.stream().mapToInt(field -> FIELD_INDENT.length() + field.name().length()).max().orElse(0);
    int width = Math.max(LABEL_WIDTH, longestField + 1);
    StringBuilder report = new StringBuilder();
    line(report, width, "key", input);
    if (purpose != null) {
      line(report, width, "purpose", purpose);
      line(report, width, "env", env);
    }
    if (body != null) {
      line(report, width, "hash", "#" + HotKey.hashOf(body));
    }
    if (isDecoded()) {
      line(report, width, "spec", spec.name() + " (" + spec.layout() + ")");
      for (DecodedField field : fields) {
        line(report, width, FIELD_INDENT + field.name(), field.display());
      }
    } else {
      line(report, width, outcomeText(), reason);
    }
    return report.toString().stripTrailing();
  }

  private String outcomeText() {
    return switch (outcome) {
      case UNKNOWN_LAYOUT -> "unknown";
      case AMBIGUOUS -> "ambiguous";
      default -> "not a key";
    };
  }

  private static void line(StringBuilder report, int width, String label, String value) {
    report.append(label).append(" ".repeat(width - label.length())).append(value).append('\n');
  }
}
