package dev.lockkey.processor;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the layout manifest of one spec: a small properties file (UTF-8) at
 * {@code META-INF/lockkey/specs/<qualified spec name>.properties} in the class output, so that it
 * ships in the jar. The runtime's {@code KeyDecoder} reads these to decode keys found in Redis; a
 * copy committed as the layout baseline lets {@link LayoutGuard} catch layout changes (a new key
 * format edition among them) that kept their version. One file per spec keeps Gradle's isolating
 * mode valid: each file has exactly one originating element. Like {@link KeyClassWriter}, it sees only the model.
 *
 * <pre>
 * manifest=1
 * formatEdition=1
 * spec=com.acme.PaymentCapture
 * domain=payment
 * action=capture
 * version=1
 * layout=payment:capture:v1:{tenant}:{orderId}
 * fields=tenant,orderId
 * field.tenant.type=java.lang.String
 * field.tenant.modifiers=
 * field.orderId.type=long
 * field.orderId.modifiers=
 * </pre>
 */
final class ManifestWriter {
  /** Where manifests live in the class output and in jars. */
  static final String DIRECTORY = "META-INF/lockkey/specs/";
  static final String SUFFIX = ".properties";
  /** The version of this file format; readers reject others. */
  static final String FORMAT_VERSION = "1";

  private ManifestWriter() {}

  /** The manifest's path in the class output, e.g. {@code META-INF/lockkey/specs/com.acme.PaymentCapture.properties}. */
  static String resourceName(String qualifiedSpecName) {
    return DIRECTORY + qualifiedSpecName + SUFFIX;
  }

  /** What the model's keys depend on. */
  static LayoutManifest manifest(SpecModel model) {
    List<LayoutManifest.Field> fields = model.fields().stream()
        .map(field -> new LayoutManifest.Field(
            field.name(), GeneratedTypes.declared(field.type()).toString(), modifiers(field.modifiers())))
        .toList();
    return new LayoutManifest(model.qualifiedName(), model.domain(), model.action(), model.version(),
        FormatEdition.CURRENT, model.layout(), fields);
  }

  /** The modifiers in the order and notation of the runtime's {@code FieldDescriptor.modifiers()}. */
  private static List<String> modifiers(FieldModifiers modifiers) {
    List<String> written = new ArrayList<>();
    if (modifiers.hashed()) {
      written.add("@Hashed");
    }
    if (modifiers.secret()) {
      written.add("@Secret");
    }
    if (modifiers.unordered()) {
      written.add("@Unordered");
    }
    if (modifiers.caseInsensitive()) {
      written.add("@CaseInsensitive");
    }
    if (modifiers.verbatim()) {
      written.add("@Verbatim");
    }
    if (modifiers.maxLength() != null) {
      written.add("@MaxLength(" + modifiers.maxLength() + ")");
    }
    if (modifiers.window() != null) {
      // 60 SECONDS and 1 MINUTES are one window: the duration is what shapes the key
      Duration window = Duration.of(modifiers.window().size(), ChronoUnit.valueOf(modifiers.window().unit()));
      written.add("@Window(" + window + ")");
    }
    return written;
  }

  /** The manifest as the properties text described above. */
  static String text(LayoutManifest manifest) {
    StringBuilder text = new StringBuilder()
        .append("# Layout manifest of ").append(manifest.spec()).append(", written by lockkey-processor; do not edit.\n")
        .append("# A copy in the layout baseline guards the layout (lockkey docs/OBSERVABILITY.md).\n");
    line(text, "manifest", FORMAT_VERSION);
    line(text, "formatEdition", Integer.toString(manifest.formatEdition()));
    line(text, "spec", manifest.spec());
    line(text, "domain", manifest.domain());
    line(text, "action", manifest.action());
    line(text, "version", Integer.toString(manifest.version()));
    line(text, "layout", manifest.layout());
    line(text, "fields", String.join(",", manifest.fieldNames()));
    for (LayoutManifest.Field field : manifest.fields()) {
      line(text, "field." + field.name() + ".type", field.type());
      line(text, "field." + field.name() + ".modifiers", String.join(" ", field.modifiers()));
    }
    return text.toString();
  }

  /**
   * One {@code key=value} line. Neither can need escaping in properties syntax: keys are built from
   * Java identifiers, values from words, identifiers, type names and modifiers (no backslash, no
   * line break, no leading space).
   */
  private static void line(StringBuilder text, String key, String value) {
    text.append(key).append('=').append(value).append('\n');
  }
}
