package dev.lockkey.observe;

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
 * Micrometer is optional: only {@link MicrometerLockListener} refers to it, so an application
 * without it loads every other class of lockkey-runtime, and locks with a listener, without error.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MicrometerIsOptionalTest {
  private static final String MICROMETER_LISTENER = MicrometerLockListener.class.getName();

  /** lockkey-runtime's own classes: the directory (or jar) that {@link LockKey} comes from. */
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

  /** The test class path without Micrometer's jars, under the platform class loader only. */
  private static URLClassLoader withoutMicrometer() throws MalformedURLException {
    List<URL> urls = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!entry.contains(File.separator + "micrometer")) {
        urls.add(Path.of(entry).toUri().toURL());
      }
    }
    return new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
  }

  @Test
  void noClassButTheMicrometerListenerRefersToMicrometer() throws IOException, URISyntaxException {
    List<String> referring = new ArrayList<>();
    for (String name : runtimeClassNames()) {
      Path file = runtimeClasses().resolve(name.replace('.', File.separatorChar) + ".class");
      if (new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).contains("io/micrometer/")) {
        referring.add(name);
      }
    }

    assertThat(referring).isNotEmpty().allMatch(name -> name.startsWith(MICROMETER_LISTENER));
  }

  @Test
  void everyOtherClassLoadsAndLockingWorksWithoutMicrometer() throws Exception {
    try (URLClassLoader loader = withoutMicrometer()) {
      assertThatThrownBy(() -> loader.loadClass("io.micrometer.core.instrument.MeterRegistry"))
          .isInstanceOf(ClassNotFoundException.class);
      for (String name : runtimeClassNames()) {
        if (!name.startsWith(MICROMETER_LISTENER)) {
          assertThat(Class.forName(name, true, loader).getClassLoader()).as(name).isSameAs(loader);
        }
      }

      @SuppressWarnings("unchecked")
      Function<String, String> application = (Function<String, String>)
          loader.loadClass(WithoutMicrometer.class.getName()).getConstructor().newInstance();
      RedisFixture redis = RedisFixture.shared();
      String report = application.apply(redis.host() + ":" + redis.port());

      assertThat(report).startsWith("lockkey hot keys: top 1 of 1 contentions\n  1 PaymentCapture (payment:capture:v1) #");
    }
  }
}
