package dev.lockkey.scratch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user of the DynamoDB backend gets no Redis client: a project that depends on
 * {@code lockkey-dynamodb} alone resolves, with Maven, a compile and runtime class path that holds
 * {@code lockkey-core} and the AWS SDK but no {@code redis.clients} artifact. Maven's own resolution
 * (the dependency plugin's list), not a reading of the POMs, so exclusions, scopes and optional
 * dependencies count as they do for the user.
 */
class DynamoDbWithoutJedisTest {

  @Test
  void aProjectOnLockkeyDynamodbResolvesNoJedis(@TempDir Path temp) throws Exception {
    Maven maven = ThisBuild.mavenOrSkip();
    BuiltJar core = ThisBuild.jarOrSkip("dev.lockkey.KeySecret");
    BuiltJar dynamodb = ThisBuild.jarOrSkip("dev.lockkey.dynamodb.DynamoLockExecutor");
    TemporaryRepository repository = ThisBuild.repositoryWith(temp, core, dynamodb);
    ScratchProject project = ScratchProject.create(temp.resolve("project"), """
          <dependencies>
            <dependency>
              <groupId>dev.lockkey</groupId>
              <artifactId>lockkey-dynamodb</artifactId>
              <version>%s</version>
            </dependency>
          </dependencies>
          <build>
          </build>
        """.formatted(dynamodb.version()), ThisBuild.lifecyclePluginVersions());
    Path list = temp.resolve("dependencies.txt");

    RunResult build = maven.run(project.directory(), repository,
        "org.apache.maven.plugins:maven-dependency-plugin:" + ThisBuild.pluginVersion("maven-dependency-plugin") + ":list",
        "-DincludeScope=runtime", "-DoutputFile=" + list);

    assertThat(build.succeeded()).as("mvn dependency:list of a project on lockkey-dynamodb:\n%s", build.output())
        .isTrue();
    List<String> artifacts = Files.readAllLines(list, StandardCharsets.UTF_8).stream()
        .map(String::strip).filter(line -> line.contains(":jar:")).toList();
    assertThat(artifacts).as("the class path of a project on lockkey-dynamodb")
        .anySatisfy(artifact -> assertThat(artifact).startsWith("dev.lockkey:lockkey-core:jar:"))
        .anySatisfy(artifact -> assertThat(artifact).startsWith("software.amazon.awssdk:dynamodb:jar:"))
        .noneSatisfy(artifact -> assertThat(artifact).startsWith("redis.clients:"));
  }
}
