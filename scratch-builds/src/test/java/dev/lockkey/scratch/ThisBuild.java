package dev.lockkey.scratch;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * This build's jars and files as the scratch tests see them, and a temporary repository that
 * holds the jars. Where a scratch build cannot run (no {@code mvn}, or a build that did not
 * package), a test is skipped with the reason, never passed silently.
 */
final class ThisBuild {
  private static final String GROUP_ID = "dev.lockkey";
  private static final String PARENT_ARTIFACT_ID = "lockkey-parent";
  private static final List<String> LIFECYCLE_PLUGINS =
      List.of("maven-resources-plugin", "maven-surefire-plugin", "maven-jar-plugin", "maven-install-plugin");

  private ThisBuild() {}

  /** The {@code mvn} on the PATH, or the test is skipped. */
  static Maven mavenOrSkip() {
    Optional<Maven> maven = Maven.onPath();
    if (maven.isEmpty()) {
      System.err.println("SKIPPED: mvn is not on the PATH, so no scratch project was built");
    }
    assumeTrue(maven.isPresent(), "mvn is not on the PATH, so no scratch project was built");
    return maven.get();
  }

  /**
   * The built jar holding the class {@code className}, or the test is skipped when the build did
   * not package. By name, as the processor's classes carry annotations that are not on this class path.
   */
  static BuiltJar jarOrSkip(String className) {
    Class<?> type;
    try {
      type = Class.forName(className);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(className + " is not on the test class path; add its module as a dependency", e);
    }
    Optional<BuiltJar> jar = BuiltJar.of(type);
    String reason = "the class path holds " + className + " as classes, not a jar: this build stopped"
        + " before the package phase; run mvn verify";
    if (jar.isEmpty()) {
      System.err.println("SKIPPED: " + reason);
    }
    assumeTrue(jar.isPresent(), reason);
    return jar.get();
  }

  /** A file of this build named by a system property that the POM sets, e.g. the parent POM. */
  static Path file(String property) {
    String value = System.getProperty(property);
    if (value == null) {
      throw new IllegalStateException("system property " + property + " is not set; run the test through Maven");
    }
    return Path.of(value);
  }

  /**
   * The versions the parent POM pins of the plugins Maven's default lifecycle runs besides the
   * compiler (resources, surefire, jar, install), by artifact id: this build ran them, so the
   * repository it resolved into holds them. Not the compiler plugin: a user's setup must give
   * its version, and the README check would not notice if it did not.
   */
  static Map<String, String> lifecyclePluginVersions() throws IOException {
    Map<String, String> versions = new LinkedHashMap<>();
    for (String artifactId : LIFECYCLE_PLUGINS) {
      versions.put(artifactId, pluginVersion(artifactId));
    }
    return versions;
  }

  /** The version of the plugin {@code artifactId} that the parent POM pins. */
  static String pluginVersion(String artifactId) throws IOException {
    String pom = Files.readString(file("lockkey.parent.pom"), StandardCharsets.UTF_8);
    Matcher version = Pattern.compile(
        "<artifactId>" + Pattern.quote(artifactId) + "</artifactId>\\s*<version>([^<]+)</version>").matcher(pom);
    if (!version.find()) {
      throw new IllegalStateException("the parent POM pins no version of " + artifactId);
    }
    return version.group(1);
  }

  /** A temporary repository in {@code directory} holding the parent POM and {@code jars}. */
  static TemporaryRepository repositoryWith(Path directory, BuiltJar... jars) throws IOException {
    TemporaryRepository repository = TemporaryRepository.create(directory, file("lockkey.outer.repository"));
    for (BuiltJar jar : jars) {
      repository.install(jar);
    }
    repository.installPom(file("lockkey.parent.pom"), GROUP_ID, PARENT_ARTIFACT_ID, jars[0].version());
    return repository;
  }
}
