package dev.lockkey.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import redis.embedded.core.ExecutableProvider;

/**
 * A {@code redis-server} binary the fixtures run: the one shipped in embedded-redis (Redis 6.2.6),
 * or one installed on the machine, e.g. Debian's {@code redis-server} package (Redis 7.0) at
 * {@code /usr/bin/redis-server}. The system property {@value #PROPERTY} names the binary every
 * fixture runs by default; {@link RedisFixture#startLocal(RedisBinary, java.util.List)} and
 * {@link RedisClusterFixture.Builder#binary(RedisBinary)} pick one for a single server or cluster.
 */
public final class RedisBinary {
  /** The system property naming the {@code redis-server} binary fixtures run instead of the embedded one. */
  public static final String PROPERTY = "lockkey.redis.server";

  private static final Pattern VERSION = Pattern.compile("v=((\\d+)\\.\\d+\\.\\d+)");
  private static final Map<Path, RedisBinary> KNOWN = new ConcurrentHashMap<>();
  private static RedisBinary embedded;

  private final Path path;
  private final String version;
  private final int majorVersion;

  private RedisBinary(Path path) {
    this.path = path;
    String output = versionOutput(path);
    Matcher matcher = VERSION.matcher(output);
    if (!matcher.find()) {
      throw new IllegalStateException("no version in the output of " + path + " --version: " + output);
    }
    this.version = matcher.group(1);
    this.majorVersion = Integer.parseInt(matcher.group(2));
  }

  /**
   * The binary from embedded-redis, extracted once per JVM.
   *
   * @return the embedded binary
   */
  public static synchronized RedisBinary embedded() {
    if (embedded == null) {
      try {
        embedded = at(ExecutableProvider.newJarResourceProvider().get().toPath());
      } catch (IOException e) {
        throw new UncheckedIOException("cannot extract the redis-server binary from embedded-redis", e);
      }
    }
    return embedded;
  }

  /**
   * The binary at {@code path}, asked for its version on first use in this JVM.
   *
   * @param path an executable {@code redis-server}
   * @return the binary
   * @throws IllegalStateException when it does not run or prints no version
   */
  public static RedisBinary at(Path path) {
    return KNOWN.computeIfAbsent(path.toAbsolutePath(), RedisBinary::new);
  }

  /**
   * The binary {@value #PROPERTY} names, or the embedded one when it is not set.
   *
   * @return the binary fixtures run by default
   */
  public static RedisBinary configured() {
    String configured = System.getProperty(PROPERTY);
    return configured == null || configured.isBlank() ? embedded() : at(Path.of(configured.strip()));
  }

  /**
   * The binary at {@code path} when it is installed there and has major version {@code major},
   * e.g. {@code installed(Path.of("/usr/bin/redis-server"), 7)} for Debian's package.
   *
   * @param path where the binary would be
   * @param major the major version it must have
   * @return the binary, or empty when it is absent or another version
   */
  public static Optional<RedisBinary> installed(Path path, int major) {
    if (!Files.isExecutable(path)) {
      return Optional.empty();
    }
    try {
      RedisBinary binary = at(path);
      return binary.majorVersion == major ? Optional.of(binary) : Optional.empty();
    } catch (IllegalStateException | UncheckedIOException doesNotRun) {
      return Optional.empty();
    }
  }

  /**
   * Where the binary is.
   *
   * @return its path
   */
  public Path path() {
    return path;
  }

  /**
   * The version it reports.
   *
   * @return e.g. {@code 7.0.15}
   */
  public String version() {
    return version;
  }

  /**
   * The major version it reports.
   *
   * @return e.g. 7
   */
  public int majorVersion() {
    return majorVersion;
  }

  private static String versionOutput(Path path) {
    try {
      Process process = new ProcessBuilder(path.toString(), "--version").redirectErrorStream(true).start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
      return output;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + path + " --version", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while asking " + path + " for its version", e);
    }
  }

  @Override
  public String toString() {
    return "redis-server " + version + " (" + path + ")";
  }
}
