package dev.lockkey.scratch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.ReadmeCode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The testing guide (docs/guides/testing.md) works as written: a user's project that imports
 * {@code lockkey-bom} (the README's BOM block in place of its setup's dependencies) and depends on
 * {@code lockkey-redis} and {@code lockkey-test} without versions runs the guide's test of
 * its service class, with Maven, against this build's jars in a temporary repository.
 */
class ReadmeTestKitTest {
  private static final String GROUP_ID = "dev.lockkey";

  @Test
  void aProjectImportingTheBomRunsTheReadmesTestOfItsOwnService(@TempDir Path temp) throws Exception {
    Maven maven = ThisBuild.mavenOrSkip();
    BuiltJar core = ThisBuild.jarOrSkip("dev.lockkey.KeySecret");
    BuiltJar redis = ThisBuild.jarOrSkip("dev.lockkey.redis.RedisLockExecutor");
    BuiltJar processor = ThisBuild.jarOrSkip("dev.lockkey.processor.LockKeyProcessor");
    BuiltJar kit = ThisBuild.jarOrSkip("dev.lockkey.testing.LockKeyExtension");
    TemporaryRepository repository = ThisBuild.repositoryWith(temp, core, redis, processor, kit);
    repository.installPom(ThisBuild.file("lockkey.bom.pom"), GROUP_ID, "lockkey-bom", core.version());
    String pom = ReadmeCode.block("maven").replaceFirst("(?s)<dependencies>.*?</dependencies>",
        Matcher.quoteReplacement(ReadmeCode.block("maven-bom")));
    ScratchProject project = ScratchProject.create(temp.resolve("project"), pom, ThisBuild.lifecyclePluginVersions());
    for (String source : ReadmeCode.blocks("java")) {
      project.addSource(source);
    }
    project.addTestSource(ReadmeCode.block("java-test"));

    RunResult build = maven.run(project.directory(), repository, "test");

    assertThat(build.succeeded()).as("mvn test of the README's test kit example:\n%s", build.output()).isTrue();
    Path report = project.directory().resolve("target/surefire-reports/TEST-com.acme.payments.PaymentServiceTest.xml");
    assertThat(report).exists();
    assertThat(Files.readString(report, StandardCharsets.UTF_8))
        .contains("tests=\"2\"").contains("failures=\"0\"").contains("errors=\"0\"").contains("skipped=\"0\"");
  }
}
