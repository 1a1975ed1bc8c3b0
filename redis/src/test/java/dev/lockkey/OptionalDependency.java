package dev.lockkey;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * What a test needs to show that lockkey-core keeps a library optional: which of core's
 * classes refer to it, and a class loader of the test class path without its jars, in which every
 * other class must load and work.
 */
public final class OptionalDependency {
  private OptionalDependency() {}

  /** lockkey-core's own classes: the directory (or jar) that {@link LockKey} comes from. */
  private static Path runtimeClasses() {
    try {
      return Path.of(LockKey.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException("the runtime's classes have no path", e);
    }
  }

  /** {@return the binary names of lockkey-core's classes, sorted} */
  public static List<String> runtimeClassNames() {
    Path root = runtimeClasses();
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(file -> file.toString().endsWith(".class"))
          .map(file -> root.relativize(file).toString().replace(File.separatorChar, '.').replaceAll("\\.class$", ""))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The runtime's classes whose class file names a type under {@code packagePath}, e.g.
   * {@code "io/micrometer/"}: a reference in the constant pool is what makes loading one fail.
   */
  public static List<String> runtimeClassesReferringTo(String packagePath) {
    List<String> referring = new ArrayList<>();
    for (String name : runtimeClassNames()) {
      Path file = runtimeClasses().resolve(name.replace('.', File.separatorChar) + ".class");
      try {
        if (new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).contains(packagePath)) {
          referring.add(name);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return referring;
  }

  /**
   * The test class path without the entries that have a path segment starting with {@code library}
   * (the local repository lays out a library's jars below its group, e.g. {@code .../io/micrometer/...}),
   * under the platform class loader only, so that nothing of the library leaks in from this test's.
   */
  public static URLClassLoader classPathWithout(String library) {
    List<URL> urls = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!entry.contains(File.separator + library)) {
        try {
          urls.add(Path.of(entry).toUri().toURL());
        } catch (MalformedURLException e) {
          throw new IllegalStateException(entry, e);
        }
      }
    }
    return new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
  }
}
