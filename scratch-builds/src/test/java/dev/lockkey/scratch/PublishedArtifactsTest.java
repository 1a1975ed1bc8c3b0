package dev.lockkey.scratch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What Maven Central asks of every published module, checked on this build: a sources and a
 * Javadoc jar next to each jar, the metadata in the POMs, and a BOM that manages every published
 * module at the build's version. A module is published unless its POM sets
 * {@code lockkey.publish.skip}.
 */
class PublishedArtifactsTest {
  private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");
  private static final Pattern ARTIFACT_ID = Pattern.compile("</parent>\\s*<artifactId>([^<]+)</artifactId>");
  private static final Pattern MANAGED = Pattern.compile(
      "<groupId>dev\\.lockkey</groupId>\\s*<artifactId>([^<]+)</artifactId>\\s*"
          + "<version>\\$\\{project\\.version}</version>");

  @ParameterizedTest
  @CsvSource({
      "dev.lockkey.KeySecret, dev/lockkey/KeySecret.java, dev/lockkey/KeySecret.html",
      "dev.lockkey.redis.RedisLockExecutor, dev/lockkey/redis/RedisLockExecutor.java,"
          + " dev/lockkey/redis/RedisLockExecutor.html",
      "dev.lockkey.processor.LockKeyProcessor, dev/lockkey/processor/LockKeyProcessor.java,"
          + " dev/lockkey/processor/LockKeyProcessor.html",
      "dev.lockkey.testing.LockKeyExtension, dev/lockkey/testing/LockKeyExtension.java,"
          + " dev/lockkey/testing/LockKeyExtension.html",
      "dev.lockkey.dynamodb.DynamoLockExecutor, dev/lockkey/dynamodb/DynamoLockExecutor.java,"
          + " dev/lockkey/dynamodb/DynamoLockExecutor.html",
      "dev.lockkey.jdbc.JdbcLockExecutor, dev/lockkey/jdbc/JdbcLockExecutor.java, dev/lockkey/jdbc/JdbcLockExecutor.html",
      "dev.lockkey.spring.autoconfigure.LockKeyAutoConfiguration,"
          + " dev/lockkey/spring/autoconfigure/LockKeyAutoConfiguration.java,"
          + " dev/lockkey/spring/autoconfigure/LockKeyAutoConfiguration.html"})
  void everyPublishedJarHasItsSourcesAndJavadocJars(String classInJar, String source, String page)
      throws IOException {
    BuiltJar jar = ThisBuild.jarOrSkip(classInJar);
    String base = jar.artifactId() + "-" + jar.version();

    assertThat(entries(jar.jar().resolveSibling(base + "-sources.jar"))).contains(source);
    // the pages of a jar with an Automatic-Module-Name sit under a directory named after the module
    assertThat(entries(jar.jar().resolveSibling(base + "-javadoc.jar")))
        .contains("index.html").anySatisfy(entry -> assertThat(entry).endsWith(page));
  }

  @Test
  void theParentPomCarriesTheMetadataMavenCentralRequires() throws IOException {
    String parent = Files.readString(ThisBuild.file("lockkey.parent.pom"), StandardCharsets.UTF_8);
    String bom = Files.readString(ThisBuild.file("lockkey.bom.pom"), StandardCharsets.UTF_8);

    for (String pom : List.of(parent, bom)) {
      assertThat(pom).contains("<name>", "<description>", "<url>", "<licenses>", "<name>Apache-2.0</name>",
          "<scm>", "<connection>", "<developers>", "<developer>", "project.build.outputTimestamp");
    }
    assertThat(parent).contains("<id>release</id>", "maven-gpg-plugin", "central-publishing-maven-plugin");
    assertThat(bom).contains("<id>release</id>", "maven-gpg-plugin", "central-publishing-maven-plugin");
  }

  @Test
  void theBomManagesEveryPublishedModuleAtTheBuildsVersion() throws IOException {
    Path parentPom = ThisBuild.file("lockkey.parent.pom");
    Path root = parentPom.getParent();
    String parent = Files.readString(parentPom, StandardCharsets.UTF_8);
    String bom = Files.readString(ThisBuild.file("lockkey.bom.pom"), StandardCharsets.UTF_8);
    List<String> published = new ArrayList<>();
    Matcher module = MODULE.matcher(parent);
    while (module.find()) {
      String pom = Files.readString(root.resolve(module.group(1)).resolve("pom.xml"), StandardCharsets.UTF_8);
      Matcher artifactId = ARTIFACT_ID.matcher(pom);
      if (artifactId.find() && !pom.contains("<lockkey.publish.skip>true</lockkey.publish.skip>")) {
        published.add(artifactId.group(1));
      }
    }
    List<String> managed = new ArrayList<>();
    Matcher entry = MANAGED.matcher(bom);
    while (entry.find()) {
      managed.add(entry.group(1));
    }

    assertThat(published).contains("lockkey-core", "lockkey-redis", "lockkey-processor", "lockkey-test",
        "lockkey-dynamodb", "lockkey-jdbc", "lockkey-spring-boot-starter");
    assertThat(managed).containsExactlyInAnyOrderElementsOf(published);
    assertThat(version(bom)).isEqualTo(version(parent.substring(parent.indexOf("<artifactId>lockkey-parent"))));
  }

  private static String version(String pom) {
    Matcher version = Pattern.compile("<version>([^<]+)</version>").matcher(pom);
    if (!version.find()) {
      throw new IllegalStateException("no version in the POM");
    }
    return version.group(1);
  }

  private static List<String> entries(Path jar) throws IOException {
    assertThat(jar).exists();
    try (JarFile file = new JarFile(jar.toFile())) {
      return file.stream().map(entry -> entry.getName()).toList();
    }
  }
}
