package dev.lockkey;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code lockkey-core}'s sources name no type of a store's client (Jedis, Lettuce, the AWS SDK) and
 * none of LockKey's backends: not in an import, not qualified in code, not in a Javadoc link. Core's
 * pom has no such dependency, so a compile error would catch most of them; this also catches a
 * qualified name in a Javadoc link and says which line. Reads the sources from the module's
 * directory, surefire's working directory.
 */
class CoreBoundaryTest {
  private static final Path SOURCES = Path.of("src", "main", "java");
  private static final String STORE_PACKAGES = "(?:redis\\.clients|io\\.lettuce|software\\.amazon|dev\\.lockkey\\.(?:redis|dynamodb|jdbc))\\.";
  /** An import, a Javadoc link, or a qualified name on a line of code (not of a comment). */
  private static final Pattern STORE_REFERENCE = Pattern.compile(
      "^\\s*import\\s+(?:static\\s+)?" + STORE_PACKAGES
          + "|\\{@link(?:plain)?\\s+" + STORE_PACKAGES
          + "|^(?!\\s*(?:\\*|/\\*|//)).*(?<![\\w.])" + STORE_PACKAGES);

  @Test
  void coreSourcesNameNoStoreType() {
    assertThat(SOURCES).as("run from the module's directory").isDirectory();
    List<Path> files = coreFiles();
    assertThat(files).as("core sources found").hasSizeGreaterThan(50);

    List<String> offenders = new ArrayList<>();
    for (Path file : files) {
      List<String> lines = read(file);
      for (int i = 0; i < lines.size(); i++) {
        Matcher reference = STORE_REFERENCE.matcher(lines.get(i));
        if (reference.find()) {
          offenders.add(SOURCES.relativize(file) + ":" + (i + 1) + ": " + lines.get(i).strip());
        }
      }
    }
    assertThat(offenders).as("core sources that name a store's or a backend's type").isEmpty();
  }

  @Test
  void theCheckSeesAnImportOfJedis() {
    assertThat(STORE_REFERENCE.matcher("import redis.clients.jedis.UnifiedJedis;").find()).isTrue();
    assertThat(STORE_REFERENCE.matcher("import static dev.lockkey.redis.internal.Ttls.MAX;").find()).isTrue();
    assertThat(STORE_REFERENCE.matcher(" * {@link software.amazon.awssdk.services.dynamodb.DynamoDbClient}").find())
        .isTrue();
    assertThat(STORE_REFERENCE.matcher("    var client = new redis.clients.jedis.RedisClient(uri);").find()).isTrue();
    assertThat(STORE_REFERENCE.matcher(" * e.g. {@code dev.lockkey.redis.RedisLockExecutor}").find())
        .as("a name in {@code} is text, not a reference").isFalse();
  }

  private static List<Path> coreFiles() {
    try (Stream<Path> files = Files.walk(SOURCES)) {
      return files.filter(file -> file.toString().endsWith(".java"))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<String> read(Path file) {
    try {
      return Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
