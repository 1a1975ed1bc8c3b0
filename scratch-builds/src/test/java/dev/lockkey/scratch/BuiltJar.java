package dev.lockkey.scratch;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import java.util.jar.JarFile;

/**
 * A jar of this build, as the test class path holds it, with the coordinates and POM that
 * maven-jar-plugin put into it ({@code META-INF/maven/<groupId>/<artifactId>/}).
 *
 * @param jar the jar file
 * @param groupId its group, e.g. {@code dev.lockkey}
 * @param artifactId its artifact, e.g. {@code lockkey-core}
 * @param version its version
 */
record BuiltJar(Path jar, String groupId, String artifactId, String version) {

  /**
   * The jar that holds {@code type}, or empty when the class path holds that module's classes
   * directory instead: a build that stopped before the package phase ({@code mvn test}).
   *
   * @throws IllegalStateException when the jar has no Maven coordinates
   */
  static Optional<BuiltJar> of(Class<?> type) {
    Path location = location(type);
    if (!Files.isRegularFile(location)) {
      return Optional.empty();
    }
    try (JarFile jar = new JarFile(location.toFile())) {
      return Optional.of(jar.stream()
          .filter(entry -> entry.getName().startsWith("META-INF/maven/") && entry.getName().endsWith("/pom.properties"))
          .findFirst()
          .map(entry -> {
            Properties coordinates = new Properties();
            try (InputStream in = jar.getInputStream(entry)) {
              coordinates.load(in);
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
            return new BuiltJar(location, coordinates.getProperty("groupId"), coordinates.getProperty("artifactId"),
                coordinates.getProperty("version"));
          })
          .orElseThrow(() -> new IllegalStateException(location + " has no META-INF/maven/**/pom.properties")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path location(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The POM that the jar carries: the module's own {@code pom.xml}. */
  byte[] pom() throws IOException {
    try (JarFile file = new JarFile(jar.toFile())) {
      var entry = file.getJarEntry("META-INF/maven/" + groupId + "/" + artifactId + "/pom.xml");
      if (entry == null) {
        throw new IllegalStateException(jar + " carries no pom.xml for " + groupId + ":" + artifactId);
      }
      try (InputStream in = file.getInputStream(entry)) {
        return in.readAllBytes();
      }
    }
  }

  /** The jar's manifest attribute {@code name}, or {@code null}. */
  String manifestAttribute(String name) throws IOException {
    try (JarFile file = new JarFile(jar.toFile())) {
      return file.getManifest() == null ? null : file.getManifest().getMainAttributes().getValue(name);
    }
  }
}
