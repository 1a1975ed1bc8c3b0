package dev.lockkey.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.LockKey;
import dev.lockkey.testing.RedisFixture;
import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Jackson is optional: only {@link JacksonCodec} refers to it, so an application without it loads
 * every other class of lockkey-runtime, and makes idempotent calls with its own codecs, without error.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JacksonIsOptionalTest {
  private static final String JACKSON_CODEC = JacksonCodec.class.getName();

  private static Path runtimeClasses() throws URISyntaxException {
    return Path.of(LockKey.class.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  private static List<String> runtimeClassNames() throws IOException, URISyntaxException {
    Path root = runtimeClasses();
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(file -> file.toString().endsWith(".class"))
          .map(file -> root.relativize(file).toString().replace(File.separatorChar, '.').replaceAll("\\.class$", ""))
          .sorted()
          .toList();
    }
  }

  /** The test class path without Jackson's jars, under the platform class loader only. */
  private static URLClassLoader withoutJackson() throws MalformedURLException {
    List<URL> urls = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!entry.contains(File.separator + "jackson")) {
        urls.add(Path.of(entry).toUri().toURL());
      }
    }
    return new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
  }

  @Test
  void noClassButTheJacksonCodecRefersToJackson() throws IOException, URISyntaxException {
    List<String> referring = new ArrayList<>();
    for (String name : runtimeClassNames()) {
      Path file = runtimeClasses().resolve(name.replace('.', File.separatorChar) + ".class");
      if (new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).contains("com/fasterxml/")) {
        referring.add(name);
      }
    }

    assertThat(referring).containsExactly(JACKSON_CODEC);
  }

  @Test
  void everyOtherClassLoadsAndIdempotentCallsWorkWithoutJackson() throws Exception {
    try (URLClassLoader loader = withoutJackson()) {
      assertThatThrownBy(() -> loader.loadClass("com.fasterxml.jackson.databind.ObjectMapper"))
          .isInstanceOf(ClassNotFoundException.class);
      for (String name : runtimeClassNames()) {
        if (!name.equals(JACKSON_CODEC)) {
          assertThat(Class.forName(name, true, loader).getClassLoader()).as(name).isSameAs(loader);
        }
      }

      @SuppressWarnings("unchecked")
      Function<String, String> application = (Function<String, String>)
          loader.loadClass(WithoutJackson.class.getName()).getConstructor().newInstance();
      RedisFixture redis = RedisFixture.shared();

      assertThat(application.apply(redis.host() + ":" + redis.port())).isEqualTo("receipt-1,receipt-1");
    }
  }
}
