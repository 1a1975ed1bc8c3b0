package dev.lockkey.processor;

import java.util.List;
import java.util.Locale;

/**
 * Field names of accessors. In a Java spec the accessor's name is the field's name. A Kotlin
 * interface reaches the processor (through kapt) as getters: {@code val tenant: String} becomes
 * {@code getTenant()}, {@code val isActive: Boolean} becomes {@code isActive()}; the key should
 * still say {@code {tenant}} and the builder {@code tenant(..)}, as the Kotlin code does.
 */
final class PropertyNames {
  /** The annotation the Kotlin compiler puts on every class it writes, kapt's stubs included. */
  static final String KOTLIN_METADATA = "kotlin.Metadata";

  private static final List<String> GETTER_PREFIXES = List.of("get", "is");

  private PropertyNames() {}

  /**
   * The field named by {@code accessor}: for a Kotlin spec, a getter's property ({@code getX} and
   * {@code isX} give {@code x}); otherwise, and for a Kotlin method that is no getter (no upper-case
   * letter after the prefix, as in {@code issuer} or {@code get}), the accessor's name.
   */
  static String fieldName(String accessor, boolean kotlin) {
    if (!kotlin) {
      return accessor;
    }
    for (String prefix : GETTER_PREFIXES) {
      if (accessor.length() > prefix.length() && accessor.startsWith(prefix)
          && Character.isUpperCase(accessor.charAt(prefix.length()))) {
        return decapitalise(accessor.substring(prefix.length()));
      }
    }
    return accessor;
  }

  /**
   * Kotlin's rule for the property of a getter: {@code Tenant} gives {@code tenant}, and a leading
   * run of capitals is lowered but for the start of the next word ({@code URLPath} gives
   * {@code urlPath}, {@code URL} gives {@code url}).
   */
  private static String decapitalise(String name) {
    int upper = 0;
    while (upper < name.length() && Character.isUpperCase(name.charAt(upper))) {
      upper++;
    }
    int lowered = upper == 1 || upper == name.length() ? upper : upper - 1;
    return name.substring(0, lowered).toLowerCase(Locale.ROOT) + name.substring(lowered);
  }
}
