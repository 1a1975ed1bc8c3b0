package dev.lockkey.observe;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.SpecDescriptor;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Reads the layout manifests that lockkey-processor writes, one per spec, at
 * {@code META-INF/lockkey/specs/<spec>.properties}, into {@link SpecDescriptor}s. The format is
 * pinned by the processor's {@code ManifestWriter} and its golden tests. There is no index file
 * (one file aggregating all specs would break Gradle's isolating mode), so the directory is
 * listed in every class path entry that has it: directories, and jars (also nested jars whose URL
 * handler gives a {@link JarURLConnection}, as Spring Boot's does).
 */
final class SpecManifests {
  static final String DIRECTORY = "META-INF/lockkey/specs";
  private static final String SUFFIX = ".properties";
  private static final String FORMAT_VERSION = "1";
  private static final String WINDOW = "@Window(";
  private static final String MAX_LENGTH = "@MaxLength(";

  private SpecManifests() {}

  /**
   * The specs of every manifest that {@code loader} sees, without duplicates.
   *
   * @throws IllegalStateException when a manifest cannot be listed, read or understood
   */
  static List<SpecDescriptor> fromClassLoader(ClassLoader loader) {
    Set<SpecDescriptor> specs = new LinkedHashSet<>();
    try {
      Enumeration<URL> directories = loader.getResources(DIRECTORY);
      while (directories.hasMoreElements()) {
        URL directory = directories.nextElement();
        if ("file".equals(directory.getProtocol())) {
          specs.addAll(fromPath(Path.of(directory.toURI())));
        } else {
          readJar(directory, specs);
        }
      }
    } catch (IOException | URISyntaxException e) {
      throw new IllegalStateException("cannot list the lockkey manifests (" + DIRECTORY + ") of the class path", e);
    }
    return List.copyOf(specs);
  }

  /**
   * The specs of every manifest file under {@code location} (searched recursively), or of the
   * manifest file {@code location}: e.g. a team's layout baseline.
   *
   * @throws IllegalStateException when a manifest cannot be read or understood
   */
  static List<SpecDescriptor> fromPath(Path location) {
    Set<SpecDescriptor> specs = new LinkedHashSet<>();
    try (Stream<Path> files = Files.walk(location)) {
      for (Path file : files.filter(SpecManifests::isManifest).filter(Files::isRegularFile).sorted().toList()) {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
          specs.add(read(reader, file.toString()));
        }
      }
    } catch (IOException | UncheckedIOException e) {
      throw new IllegalStateException("cannot read the lockkey manifests in " + location, e);
    }
    return List.copyOf(specs);
  }

  private static boolean isManifest(Path file) {
    return file.getFileName().toString().endsWith(SUFFIX);
  }

  /** Reads the manifests in the jar entry directory {@code directory} into {@code specs}. */
  private static void readJar(URL directory, Collection<SpecDescriptor> specs) throws IOException {
    URLConnection connection = directory.openConnection();
    if (!(connection instanceof JarURLConnection jar)) {
      throw new IOException("cannot list " + directory + ", which is neither a directory nor in a jar;"
          + " use KeyDecoder.of(...) with the generated SPEC constants");
    }
    jar.setUseCaches(false); // a file of our own, closed below, rather than the JDK's shared one
    try (JarFile file = jar.getJarFile()) {
      String prefix = jar.getEntryName() + "/";
      for (JarEntry entry : file.stream().toList()) {
        if (entry.getName().startsWith(prefix) && entry.getName().endsWith(SUFFIX)) {
          try (InputStream in = file.getInputStream(entry)) {
            specs.add(read(new InputStreamReader(in, StandardCharsets.UTF_8), directory + "/" + entry.getName()));
          }
        }
      }
    }
  }

  /**
   * One manifest.
   *
   * @param source where it is, for messages
   * @throws IllegalStateException when it is no manifest of the known format or describes no valid spec
   */
  static SpecDescriptor read(Reader reader, String source) throws IOException {
    Properties manifest = new Properties();
    manifest.load(reader);
    if (!FORMAT_VERSION.equals(manifest.getProperty("manifest"))) {
      throw new IllegalStateException(source + " is no lockkey manifest of format " + FORMAT_VERSION);
    }
    try {
      List<FieldDescriptor> fields = new ArrayList<>();
      if (!manifest.containsKey("fields")) {
        throw new IllegalArgumentException("it has no \"fields\" entry");
      }
      String names = manifest.getProperty("fields").strip(); // empty for a @OneResource spec
      for (String name : names.isEmpty() ? new String[0] : names.split(",")) {
        FieldDescriptor field = FieldDescriptor.of(name, required(manifest, "field." + name + ".type"));
        String modifiers = manifest.getProperty("field." + name + ".modifiers", "").strip();
        for (String modifier : modifiers.isEmpty() ? new String[0] : modifiers.split(" +")) {
          field = withModifier(field, modifier);
        }
        fields.add(field);
      }
      return new SpecDescriptor(
          required(manifest, "spec"),
          required(manifest, "domain"),
          required(manifest, "action"),
          Integer.parseInt(required(manifest, "version")),
          required(manifest, "layout"),
          fields,
          formatEdition(manifest));
    } catch (RuntimeException e) { // a missing entry, a bad number or duration, an invalid descriptor
      throw new IllegalStateException(source + " is no valid lockkey manifest: " + e.getMessage(), e);
    }
  }

  /** The manifest's key format edition; 0 for a manifest written before editions were recorded. */
  private static int formatEdition(Properties manifest) {
    String edition = manifest.getProperty("formatEdition", "").strip();
    return edition.isEmpty() ? 0 : Integer.parseInt(edition);
  }

  private static String required(Properties manifest, String key) {
    String value = manifest.getProperty(key, "").strip();
    if (value.isEmpty()) {
      throw new IllegalArgumentException("it has no \"" + key + "\" entry");
    }
    return value;
  }

  /** The field with one modifier as {@code FieldDescriptor.modifiers()} writes it. */
  private static FieldDescriptor withModifier(FieldDescriptor field, String modifier) {
    switch (modifier) {
      case "@Hashed": return field.withHashed();
      case "@Secret": return field.withSecret();
      case "@Unordered": return field.withUnordered();
      case "@CaseInsensitive": return field.withCaseInsensitive();
      case "@Verbatim": return field.withVerbatim();
      default: break;
    }
    if (modifier.startsWith(MAX_LENGTH) && modifier.endsWith(")")) {
      return field.withMaxLength(Integer.parseInt(argument(modifier, MAX_LENGTH)));
    }
    if (modifier.startsWith(WINDOW) && modifier.endsWith(")")) {
      return field.withWindow(Duration.parse(argument(modifier, WINDOW)));
    }
    throw new IllegalArgumentException("field " + field.name() + " has the unknown modifier " + modifier);
  }

  private static String argument(String modifier, String opening) {
    return modifier.substring(opening.length(), modifier.length() - 1);
  }
}
