package dev.lockkey.reliability;

import dev.lockkey.format.Escaping;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The shapes in which a secret value could leak: as given, its digits alone, escaped as a key
 * segment, its UTF-8 bytes in base64 (standard and URL-safe, padded or not) and in hex.
 */
final class SecretForms {
  private final Set<String> forms;

  private SecretForms(Set<String> forms) {
    this.forms = Set.copyOf(forms);
  }

  static SecretForms of(String secret) {
    byte[] bytes = secret.getBytes(StandardCharsets.UTF_8);
    Set<String> forms = new LinkedHashSet<>();
    forms.add(secret);
    forms.add(secret.replaceAll("[^0-9]", ""));
    forms.add(Escaping.escape(secret));
    forms.add(Base64.getEncoder().encodeToString(bytes));
    forms.add(Base64.getEncoder().withoutPadding().encodeToString(bytes));
    forms.add(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
    forms.add(HexFormat.of().formatHex(bytes));
    forms.add(HexFormat.of().withUpperCase().formatHex(bytes));
    return new SecretForms(forms);
  }

  /** The forms of the secret that {@code text} contains. */
  List<String> foundIn(String text) {
    return forms.stream().filter(text::contains).toList();
  }
}
