package dev.lockkey.processor;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The committed layout manifests that {@link LayoutGuard} compares the compiled specs with: the
 * directory (searched recursively) or single file named by the processor option
 * {@value #OPTION}, holding files that {@link ManifestWriter} wrote. Read once per compilation.
 */
final class Baseline {
  /** The processor option naming the baseline: {@code -Alockkey.baseline=/path/to/src/lockkey-baseline}. */
  static final String OPTION = "lockkey.baseline";

  private final Path location;
  private final Map<String, LayoutManifest> bySpec;
  private final Map<String, LayoutManifest> byKeySpace;

  private Baseline(Path location, Map<String, LayoutManifest> bySpec, Map<String, LayoutManifest> byKeySpace) {
    this.location = location;
    this.bySpec = bySpec;
    this.byKeySpace = byKeySpace;
  }

  /**
   * Reads every {@code *.properties} manifest under {@code location}.
   *
   * @throws IllegalArgumentException with the reason when {@code location} is empty or does not exist, a file
   *     cannot be read or is no manifest, or two files hold the same spec
   */
  static Baseline load(Path location) {
    if (location.toString().isEmpty()) {
      throw new IllegalArgumentException("the path is empty"); // not the working directory with all its files
    }
    if (!Files.exists(location)) {
      throw new IllegalArgumentException("it does not exist");
    }
    Map<String, LayoutManifest> bySpec = new HashMap<>();
    Map<String, LayoutManifest> byKeySpace = new HashMap<>();
    for (Path file : manifestFiles(location)) {
      LayoutManifest manifest = read(file);
      if (bySpec.putIfAbsent(manifest.spec(), manifest) != null) {
        throw new IllegalArgumentException("it holds spec " + manifest.spec() + " twice, the second time in " + file);
      }
      byKeySpace.putIfAbsent(manifest.keySpace(), manifest);
    }
    return new Baseline(location, Map.copyOf(bySpec), Map.copyOf(byKeySpace));
  }

  /** Where the baseline was read from, for messages. */
  Path location() {
    return location;
  }

  /**
   * The baseline of {@code current}: the manifest of the spec of that qualified name, else (a
   * renamed or moved interface) the manifest that claims the same domain, action and version.
   */
  Optional<LayoutManifest> find(LayoutManifest current) {
    LayoutManifest bySameName = bySpec.get(current.spec());
    return bySameName != null ? Optional.of(bySameName) : Optional.ofNullable(byKeySpace.get(current.keySpace()));
  }

  private static List<Path> manifestFiles(Path location) {
    if (Files.isRegularFile(location)) {
      return List.of(location);
    }
    try (Stream<Path> files = Files.walk(location)) {
      return files.filter(file -> file.getFileName().toString().endsWith(ManifestWriter.SUFFIX))
          .filter(Files::isRegularFile)
          .sorted()
          .toList();
    } catch (IOException | UncheckedIOException e) {
      throw new IllegalArgumentException("it cannot be listed: " + e.getMessage(), e);
    }
  }

  /** One manifest file, checked. */
  static LayoutManifest read(Path file) {
    Properties properties = new Properties();
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      properties.load(reader);
    } catch (IOException | IllegalArgumentException e) {
      throw new IllegalArgumentException(file + " cannot be read: " + e.getMessage(), e);
    }
    if (!ManifestWriter.FORMAT_VERSION.equals(properties.getProperty("manifest"))) {
      throw new IllegalArgumentException(
          file + " is no layout manifest of format " + ManifestWriter.FORMAT_VERSION + " (its \"manifest\" entry is "
              + properties.getProperty("manifest") + ")");
    }
    List<LayoutManifest.Field> fields = new ArrayList<>();
    if (!properties.containsKey("fields")) {
      throw new IllegalArgumentException(file + " has no \"fields\" entry");
    }
    for (String name : words(properties.getProperty("fields").replace(',', ' '))) { // empty: @OneResource
      fields.add(new LayoutManifest.Field(
          name,
          required(file, properties, "field." + name + ".type"),
          words(properties.getProperty("field." + name + ".modifiers", ""))));
    }
    String version = required(file, properties, "version");
    try {
      return new LayoutManifest(
          required(file, properties, "spec"),
          required(file, properties, "domain"),
          required(file, properties, "action"),
          Integer.parseInt(version),
          formatEdition(file, properties),
          required(file, properties, "layout"),
          fields);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(file + " has version \"" + version + "\", which is no number", e);
    }
  }

  /** The manifest's key format edition; {@link FormatEdition#BEFORE_EDITIONS} when it records none. */
  private static int formatEdition(Path file, Properties properties) {
    String edition = properties.getProperty("formatEdition", "").strip();
    if (edition.isEmpty()) {
      return FormatEdition.BEFORE_EDITIONS;
    }
    try {
      return Integer.parseInt(edition);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(file + " has formatEdition \"" + edition + "\", which is no number", e);
    }
  }

  private static String required(Path file, Properties properties, String key) {
    String value = properties.getProperty(key, "");
    if (value.isBlank()) {
      throw new IllegalArgumentException(file + " has no \"" + key + "\" entry");
    }
    return value.strip();
  }

  private static List<String> words(String text) {
    return text.isBlank() ? List.of() : List.of(text.strip().split(" +"));
  }
}
