package dev.lockkey.benchmarks.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The versions of the libraries on the class path, read from their jars. */
public final class Versions {
  private Versions() {}

  /**
   * The version of a Maven-built jar from its {@code pom.properties}, or else the implementation
   * version in the manifest of the jar holding {@code anyClass} (Gradle-built jars such as
   * Spring's carry only that); {@code unknown} when neither is there.
   */
  public static String of(String groupId, String artifactId, Class<?> anyClass) {
    String resource = "/META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties";
    try (InputStream in = anyClass.getResourceAsStream(resource)) {
      if (in != null) {
        Properties properties = new Properties();
        properties.load(in);
        String version = properties.getProperty("version");
        if (version != null) {
          return version;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resource, e);
    }
    String version = anyClass.getPackage().getImplementationVersion();
    return version == null ? "unknown" : version;
  }
}
