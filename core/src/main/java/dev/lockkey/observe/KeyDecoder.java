package dev.lockkey.observe;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.SpecDescriptor;
import dev.lockkey.format.KeyFormat;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Reads a key found in Redis back into its spec and field values:
 *
 * <pre>{@code
 * KeyDecoder decoder = KeyDecoder.fromClasspath();
 * DecodedKey key = decoder.decode("lock:prod:{payment:capture:v1:t42:98765}");
 * key.spec().orElseThrow().name();     // "com.acme.PaymentCapture"
 * key.field("orderId").value();        // "98765"
 * }</pre>
 *
 * <p>The specs come from the layout manifests that lockkey-processor writes into every jar
 * ({@code META-INF/lockkey/specs}), from a directory of them (a layout baseline), or from the
 * generated {@code SPEC} constants. A body is matched against every spec's layout: its literal
 * words ({@code domain:action:vN} of a default layout, the literals of a template) and its number
 * of segments must agree, and each segment must be something that field can render (see
 * {@link DecodedField}). Exactly one match decodes; none or several are reported, never guessed.
 * Values come back as canonical text; {@code @Hashed} and {@code @Secret} fields only as the
 * digests the key holds. Immutable and thread-safe.
 */
public final class KeyDecoder {
  private final List<KeyFormat> formats;

  private KeyDecoder(Collection<SpecDescriptor> specs) {
    this.formats = specs.stream().map(KeyFormat::of).toList();
  }

  /**
   * A decoder of the specs whose manifests the thread's context class loader (else this class's
   * loader) sees: every lockkey-processor-built jar on the class path.
   *
   * @return the decoder
   * @throws IllegalStateException when a manifest cannot be listed, read or understood
   */
  public static KeyDecoder fromClasspath() {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    return fromClassLoader(context != null ? context : KeyDecoder.class.getClassLoader());
  }

  /**
   * A decoder of the specs whose manifests {@code loader} sees.
   *
   * @param loader the class loader to search
   * @return the decoder
   * @throws IllegalStateException when a manifest cannot be listed, read or understood
   */
  public static KeyDecoder fromClassLoader(ClassLoader loader) {
    return new KeyDecoder(SpecManifests.fromClassLoader(Objects.requireNonNull(loader, "loader")));
  }

  /**
   * A decoder of the manifests in a directory (searched recursively), e.g. a layout baseline or a
   * copy of {@code META-INF/lockkey/specs}, or of one manifest file.
   *
   * @param location the directory or jar holding the manifests
   * @return the decoder
   * @throws IllegalStateException when a manifest cannot be read or understood
   */
  public static KeyDecoder fromManifests(Path location) {
    return new KeyDecoder(SpecManifests.fromPath(location));
  }

  /**
   * A decoder of these specs, e.g. {@code KeyDecoder.of(PaymentCaptureKey.SPEC, OrderStateKey.SPEC)}.
   *
   * @param specs the specs it knows
   * @return the decoder
   * @throws IllegalArgumentException when a spec's layout is invalid
   */
  public static KeyDecoder of(SpecDescriptor... specs) {
    return of(List.of(specs));
  }

  /**
   * A decoder of these specs.
   *
   * @param specs the specs it knows
   * @return the decoder
   * @throws IllegalArgumentException when a spec's layout is invalid
   */
  public static KeyDecoder of(Collection<SpecDescriptor> specs) {
    return new KeyDecoder(List.copyOf(specs));
  }

  /**
   * The specs this decoder knows.
   *
   * @return the specs this decoder knows
   */
  public List<SpecDescriptor> specs() {
    return formats.stream().map(KeyFormat::spec).toList();
  }

  /**
   * Decodes a full key {@code purpose:env:{body}}, e.g. {@code lock:prod:{payment:capture:v1:t42:98765}},
   * or a body alone (text without braces), e.g. {@code payment:capture:v1:t42:98765}.
   *
   * @param key a full key or a body, e.g. from {@code SCAN}
   * @return the decoded key, or why it could not be decoded
   */
  public DecodedKey decode(String key) {
    KeyText text;
    try {
      text = KeyText.parse(Objects.requireNonNull(key, "key"));
    } catch (IllegalArgumentException e) {
      return DecodedKey.notAKey(key, e.getMessage());
    }
    List<DecodedKey> matches = new ArrayList<>();
    List<String> nearMisses = new ArrayList<>();
    for (KeyFormat format : formats) {
      Map<String, String> segments;
      try {
        segments = format.parse(text.body());
      } catch (IllegalArgumentException otherLayout) {
        continue;
      }
      try {
        matches.add(DecodedKey.decoded(text, format.spec(), fields(format, segments)));
      } catch (IllegalArgumentException notRenderedByIt) {
        nearMisses.add(format.spec().name() + " has this layout, but " + notRenderedByIt.getMessage());
      }
    }
    if (matches.size() == 1) {
      return matches.get(0);
    }
    if (matches.size() > 1) {
      return DecodedKey.ambiguous(text, matches.stream().map(match -> match.spec().orElseThrow().name()).toList());
    }
    return DecodedKey.unknown(text, unknownReason(text.body(), nearMisses));
  }

  private static List<DecodedField> fields(KeyFormat format, Map<String, String> segments) {
    List<DecodedField> fields = new ArrayList<>();
    for (FieldDescriptor field : format.spec().fields()) {
      fields.add(SegmentDecoder.decode(field, format.field(field.name()), segments.get(field.name())));
    }
    return fields;
  }

  /** Why no spec renders {@code body}, with the specs of the same domain and action as a hint. */
  private String unknownReason(String body, List<String> nearMisses) {
    StringBuilder reason = new StringBuilder("none of the ").append(formats.size()).append(" known specs renders this body");
    if (!nearMisses.isEmpty()) {
      return reason.append(": ").append(String.join("; ", nearMisses)).toString();
    }
    List<String> sameAction = new ArrayList<>();
    for (KeyFormat format : formats) {
      SpecDescriptor spec = format.spec();
      if (body.startsWith(spec.domain() + ":" + spec.action() + ":")) {
        sameAction.add(spec.name() + " v" + spec.version() + " (" + spec.layout() + ")");
      }
    }
    if (!sameAction.isEmpty()) {
      reason.append("; known with this domain and action: ").append(String.join(", ", sameAction));
    }
    return reason.toString();
  }
}
