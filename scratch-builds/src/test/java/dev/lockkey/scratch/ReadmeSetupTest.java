package dev.lockkey.scratch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.ReadmeCode;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's setup works as written: its Maven block and the Java blocks of the README and the
 * guides make a project that Maven builds against this build's jars, and whose program prints the
 * key the README promises.
 * Maven runs offline, from a temporary repository; the shared local repository is only read.
 */
class ReadmeSetupTest {
  private static final String FIRST_KEY = "payment:capture:v1:t42:98765";

  @Test
  void theMavenSetupGeneratesKeysThatTheProjectUses(@TempDir Path temp) throws Exception {
    Maven maven = ThisBuild.mavenOrSkip();
    BuiltJar core = ThisBuild.jarOrSkip("dev.lockkey.KeySecret");
    BuiltJar redis = ThisBuild.jarOrSkip("dev.lockkey.redis.RedisLockExecutor");
    BuiltJar processor = ThisBuild.jarOrSkip("dev.lockkey.processor.LockKeyProcessor");
    TemporaryRepository repository = ThisBuild.repositoryWith(temp, core, redis, processor);
    ScratchProject project = ScratchProject.create(
        temp.resolve("project"), ReadmeCode.block("maven"), ThisBuild.lifecyclePluginVersions());
    for (String source : ReadmeCode.blocks("java")) {
      project.addSource(source);
    }

    RunResult build = maven.run(project.directory(), repository, "compile");

    assertThat(build.succeeded()).as("mvn compile of the README's setup:\n%s", build.output()).isTrue();
    assertThat(project.classes().resolve("com/acme/payments/PaymentCaptureKey.class")).exists();
    RunResult program = Processes.run(project.directory(), List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", project.classes() + File.pathSeparator + core.jar(),
            "com.acme.payments.Capture"),
        1, TimeUnit.MINUTES);
    assertThat(program.output().strip()).isEqualTo(FIRST_KEY);
  }

  @Test
  void theKotlinSetupIsTheBuildOfTheKotlinExample() throws IOException {
    // the example builds in this reactor, so it names the processor by the project's version
    String block = normalise(ReadmeCode.block("kotlin")).replace("0.1.0-SNAPSHOT", "${project.version}");
    String pom = normalise(Files.readString(ThisBuild.file("lockkey.kotlin.example.pom"), StandardCharsets.UTF_8));

    assertThat(pom).as("kotlin-example/pom.xml holds the README's Kotlin block").contains(block);
  }

  /** XML without comments and without white space between elements. */
  private static String normalise(String xml) {
    return xml.replaceAll("(?s)<!--.*?-->", "").replaceAll(">\\s+<", "><").strip();
  }
}
