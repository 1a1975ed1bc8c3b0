package dev.lockkey.processor;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Compares a spec's layout with its committed {@link Baseline}. Old and new builds of a service
 * run side by side during every rollout; if they render different keys for one resource, both
 * get "the" lock. So a layout that changed while keeping its version is an error, a version that
 * went down too, and a version bump is accepted with a note on how to roll it out.
 *
 * <p>What counts as a change: the key format edition (its rules render the bytes of every value;
 * a baseline written before editions were recorded has edition 0), the domain, the action, the
 * rendered layout (field order, field names, template), and each field's type and modifiers.
 * {@code @MaxLength} does not count: it
 * decides which values are valid, never the bytes of a valid key.
 *
 * <p>The baseline of a spec is found by its qualified name; a renamed or moved interface has none
 * by name and is compared with the baseline spec of the same domain, action and version. A spec
 * without baseline is new: a note asks to refresh the baseline.
 */
final class LayoutGuard {
  private static final String MAX_LENGTH = "@MaxLength(";

  private final Baseline baseline;

  LayoutGuard(Baseline baseline) {
    this.baseline = baseline;
  }

  /** The error or note about {@code current}, if any, each on the spec's {@code version} value. */
  Optional<Problem> check(LayoutManifest current) {
    Optional<LayoutManifest> found = baseline.find(current);
    if (found.isEmpty()) {
      return Optional.of(onVersion(Message.NOT_IN_BASELINE, current.simpleName(), baseline.location()));
    }
    LayoutManifest old = found.get();
    String formerly = old.spec().equals(current.spec()) ? "" : " (as " + old.spec() + ")";
    List<String> changes = changes(old, current);
    if (current.version() < old.version()) {
      return Optional.of(onVersion(Message.VERSION_LOWERED, current.simpleName(), current.version(),
          old.version(), formerly, old.version() + 1));
    }
    if (current.version() > old.version()) {
      String changed = changes.isEmpty() ? "only the version" : String.join("; ", changes);
      return Optional.of(onVersion(Message.VERSION_BUMPED, current.simpleName(), old.version(), current.version(),
          changed, old.describe(), current.describe(), old.version(), old.version(), current.version()));
    }
    if (changes.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(onVersion(Message.LAYOUT_CHANGED, current.simpleName(), current.version(), formerly,
        old.describe(), current.describe(), String.join("; ", changes), current.version() + 1));
  }

  private static Problem onVersion(Message message, Object... args) {
    return Problem.onValue(Names.LOCK_KEY_SPEC, "version", message, args);
  }

  /** What differs besides the version, e.g. {@code fields reordered: [a, b] -> [b, a]}. */
  static List<String> changes(LayoutManifest old, LayoutManifest current) {
    List<String> changes = new ArrayList<>();
    if (old.formatEdition() != current.formatEdition()) {
      changes.add("key format edition " + old.formatEdition() + " -> " + current.formatEdition()
          + " (docs/KEY-FORMAT.md, Editions)");
    }
    if (!old.domain().equals(current.domain())) {
      changes.add("domain \"" + old.domain() + "\" -> \"" + current.domain() + "\"");
    }
    if (!old.action().equals(current.action())) {
      changes.add("action \"" + old.action() + "\" -> \"" + current.action() + "\"");
    }
    List<String> oldNames = old.fieldNames();
    List<String> newNames = current.fieldNames();
    if (!oldNames.equals(newNames)) {
      boolean sameSet = new HashSet<>(oldNames).equals(new HashSet<>(newNames)) && oldNames.size() == newNames.size();
      changes.add((sameSet ? "fields reordered: " : "fields renamed, added or removed: ") + oldNames + " -> " + newNames);
    }
    Map<String, LayoutManifest.Field> oldFields = byName(old);
    for (LayoutManifest.Field field : current.fields()) {
      LayoutManifest.Field before = oldFields.get(field.name());
      if (before == null) {
        continue;
      }
      if (!before.type().equals(field.type())) {
        changes.add("type of " + field.name() + ": " + before.type() + " -> " + field.type());
      }
      List<String> oldModifiers = keyModifiers(before);
      List<String> newModifiers = keyModifiers(field);
      if (!oldModifiers.equals(newModifiers)) {
        changes.add("modifiers of " + field.name() + ": " + show(oldModifiers) + " -> " + show(newModifiers));
      }
    }
    if ((isTemplate(old) || isTemplate(current)) && !withoutVersion(old).equals(withoutVersion(current))) {
      changes.add("template: " + old.layout() + " -> " + current.layout());
    }
    return changes;
  }

  private static Map<String, LayoutManifest.Field> byName(LayoutManifest manifest) {
    return manifest.fields().stream().collect(Collectors.toMap(LayoutManifest.Field::name, Function.identity()));
  }

  /** The modifiers that shape a valid key's bytes. */
  private static List<String> keyModifiers(LayoutManifest.Field field) {
    return field.modifiers().stream().filter(modifier -> !modifier.startsWith(MAX_LENGTH)).toList();
  }

  private static String show(List<String> modifiers) {
    return modifiers.isEmpty() ? "none" : String.join(" ", modifiers);
  }

  /** Whether the layout comes from a template; a default layout changes only with domain, action or fields. */
  private static boolean isTemplate(LayoutManifest manifest) {
    return !manifest.layout().equals(
        Layout.defaultLayout(manifest.domain(), manifest.action(), manifest.version(), manifest.fieldNames()));
  }

  /** The layout with its version segment as {@code {version}}, so that layouts of two versions compare. */
  private static String withoutVersion(LayoutManifest manifest) {
    String version = "v" + manifest.version();
    List<String> segments = new ArrayList<>();
    for (String segment : manifest.layout().split(":", -1)) {
      segments.add(segment.equals(version) ? "{version}" : segment);
    }
    return String.join(":", segments);
  }
}
