package dev.lockkey;

import dev.lockkey.redis.RedisLockExecutor;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What a test needs to show that lockkey-core and lockkey-redis keep a library optional: which of
 * their classes refer to it, and a class loader of the test class path without its jars, in which
 * every other class must load and work.
 */
public final class OptionalDependency {
  private OptionalDependency() {}

  /** {@return the binary names of lockkey-core's and lockkey-redis's classes, sorted} */
  public static List<String> libraryClassNames() {
    return List.copyOf(classFiles().keySet());
  }

  /**
   * The classes of lockkey-core and lockkey-redis whose class file names a type under
   * {@code packagePath}, e.g. {@code "io/micrometer/"}: a reference in the constant pool is what
   * makes loading one fail.
   */
  public static List<String> libraryClassesReferringTo(String packagePath) {
    List<String> referring = new ArrayList<>();
    classFiles().forEach((name, bytes) -> {
      if (new String(bytes, StandardCharsets.ISO_8859_1).contains(packagePath)) {
        referring.add(name);
      }
    });
    return referring;
  }

  /**
   * The class files of lockkey-core and lockkey-redis by binary name, sorted: read from where
   * {@link LockKey} and {@link RedisLockExecutor} come from, a directory of classes in the module's
   * own build, a jar once the reactor has packaged it.
   */
  private static Map<String, byte[]> classFiles() {
    Map<String, byte[]> classes = new TreeMap<>();
    for (Class<?> member : List.of(LockKey.class, RedisLockExecutor.class)) {
      Path library = location(member);
      try {
        if (Files.isDirectory(library)) {
          readClasses(library, classes);
        } else {
          try (FileSystem jar = FileSystems.newFileSystem(library)) {
            readClasses(jar.getPath("/"), classes);
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return classes;
  }

  private static Path location(Class<?> member) {
    try {
      return Path.of(member.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(member.getName() + "'s classes have no path", e);
    }
  }

  private static void readClasses(Path root, Map<String, byte[]> into) throws IOException {
    String separator = root.getFileSystem().getSeparator();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path file : files.filter(file -> file.toString().endsWith(".class")).toList()) {
        String name = root.relativize(file).toString().replace(separator, ".").replaceAll("\\.class$", "");
        into.put(name, Files.readAllBytes(file));
      }
    }
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
