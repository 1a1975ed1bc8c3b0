package dev.lockkey.scratch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A user's Maven project, written from a POM body and Java sources, built with {@link Maven}. */
final class ScratchProject {
  private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
  private static final Pattern TYPE = Pattern.compile(
      "^(?:public |final |abstract )*(?:class|interface|record|enum) (\\w+)", Pattern.MULTILINE);

  private final Path directory;

  private ScratchProject(Path directory) {
    this.directory = directory;
  }

  /**
   * A project {@code com.acme:scratch:1.0} in {@code directory} whose POM holds {@code body}: what
   * a user pastes into {@code <project>}, e.g. properties, dependencies and a {@code <build>}.
   *
   * @param pluginVersions versions of {@code org.apache.maven.plugins} plugins by artifact id, added
   *     as plugin management: the lifecycle's defaults in Maven 3.8 are old versions that the
   *     repository a scratch build resolves from need not hold. Pin only plugins that the setup
   *     under test leaves alone, never one whose version it must give itself.
   */
  static ScratchProject create(Path directory, String body, Map<String, String> pluginVersions) throws IOException {
    if (!body.contains("<build>")) {
      throw new IllegalArgumentException("the POM body has no <build>:\n" + body);
    }
    StringBuilder managed = new StringBuilder("<build>\n    <pluginManagement>\n      <plugins>\n");
    pluginVersions.forEach((artifactId, version) -> managed.append("""
                <plugin>
                  <groupId>org.apache.maven.plugins</groupId>
                  <artifactId>%s</artifactId>
                  <version>%s</version>
                </plugin>
        """.formatted(artifactId, version)));
    managed.append("      </plugins>\n    </pluginManagement>");
    String pinned = body.replaceFirst("<build>", Matcher.quoteReplacement(managed.toString()));
    Files.createDirectories(directory);
    Files.writeString(directory.resolve("pom.xml"), """
        <?xml version="1.0" encoding="UTF-8"?>
        <project xmlns="http://maven.apache.org/POM/4.0.0"
                 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                 xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
          <modelVersion>4.0.0</modelVersion>
          <groupId>com.acme</groupId>
          <artifactId>scratch</artifactId>
          <version>1.0</version>

        %s
        </project>
        """.formatted(pinned), StandardCharsets.UTF_8);
    return new ScratchProject(directory);
  }

  Path directory() {
    return directory;
  }

  /** Adds a main source file, placed by its package and first top-level type. */
  ScratchProject addSource(String source) throws IOException {
    return add("src/main/java", source);
  }

  /** Adds a test source file, placed by its package and first top-level type. */
  ScratchProject addTestSource(String source) throws IOException {
    return add("src/test/java", source);
  }

  private ScratchProject add(String sourceRoot, String source) throws IOException {
    Matcher packageName = PACKAGE.matcher(source);
    Matcher type = TYPE.matcher(source);
    if (!packageName.find() || !type.find()) {
      throw new IllegalArgumentException("no package or top-level type in:\n" + source);
    }
    Path file = directory.resolve(sourceRoot)
        .resolve(packageName.group(1).replace('.', '/'))
        .resolve(type.group(1) + ".java");
    Files.createDirectories(file.getParent());
    Files.writeString(file, source, StandardCharsets.UTF_8);
    return this;
  }

  /** The compiled classes. */
  Path classes() {
    return directory.resolve("target/classes");
  }
}
