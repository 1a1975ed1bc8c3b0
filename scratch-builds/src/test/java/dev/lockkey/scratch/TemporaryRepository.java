package dev.lockkey.scratch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A local Maven repository of its own, so that a scratch build sees this build's jars without
 * {@code mvn install} into the shared {@code ~/.m2}. Third-party artifacts come from the
 * repository this build already resolved them into, through a mirror in a settings file of its
 * own: the scratch build needs no network and never writes to that repository.
 */
final class TemporaryRepository {
  private final Path root;
  private final Path settings;

  private TemporaryRepository(Path root, Path settings) {
    this.root = root;
    this.settings = settings;
  }

  /**
   * An empty repository in {@code directory}, mirroring every remote repository to {@code outer}.
   *
   * @param outer a local repository that holds the third-party artifacts scratch builds need,
   *     usually the one of the build running the test
   */
  static TemporaryRepository create(Path directory, Path outer) throws IOException {
    Path root = Files.createDirectories(directory.resolve("repository"));
    Path settings = directory.resolve("settings.xml");
    Files.writeString(settings, """
        <settings>
          <mirrors>
            <mirror>
              <id>outer-local-repository</id>
              <mirrorOf>*</mirrorOf>
              <url>%s</url>
            </mirror>
          </mirrors>
        </settings>
        """.formatted(outer.toAbsolutePath().toUri()));
    return new TemporaryRepository(root, settings);
  }

  /** The repository's directory, for {@code -Dmaven.repo.local}. */
  Path root() {
    return root;
  }

  /** The settings file with the mirror, for {@code -s}. */
  Path settings() {
    return settings;
  }

  /** Installs a jar with the POM it carries, as {@code mvn install} lays them out. */
  void install(BuiltJar jar) throws IOException {
    Path directory = directory(jar.groupId(), jar.artifactId(), jar.version());
    String base = jar.artifactId() + "-" + jar.version();
    Files.copy(jar.jar(), directory.resolve(base + ".jar"));
    Files.write(directory.resolve(base + ".pom"), jar.pom());
  }

  /** Installs a POM-only artifact, such as the parent POM the modules name. */
  void installPom(Path pom, String groupId, String artifactId, String version) throws IOException {
    Files.copy(pom, directory(groupId, artifactId, version).resolve(artifactId + "-" + version + ".pom"));
  }

  private Path directory(String groupId, String artifactId, String version) throws IOException {
    return Files.createDirectories(root.resolve(groupId.replace('.', '/')).resolve(artifactId).resolve(version));
  }
}
