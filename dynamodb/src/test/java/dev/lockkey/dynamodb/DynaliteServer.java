package dev.lockkey.dynamodb;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * dynalite, a DynamoDB-compatible server on LevelDB (in memory here), run by the machine's
 * Node.js on a free loopback port. The package files committed under {@code src/test/dynalite}
 * are installed with {@code npm ci} into {@code target/dynalite} on first use (again when the lock
 * file changes), so {@code node_modules} never enters the source tree. Every process still running
 * when the JVM exits is killed by a shutdown hook. Public in this module's test-jar, for the
 * reliability module's fault suite.
 */
public final class DynaliteServer implements AutoCloseable {
  private static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(5);
  private static final Duration START_TIMEOUT = Duration.ofSeconds(30);
  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);
  private static final int MIN_NODE_MAJOR = 18; // dynalite 4's engines field
  private static final int START_ATTEMPTS = 3;

  private final Process process;
  private final int port;
  private final Thread cleanup;

  private DynaliteServer(Process process, int port) {
    this.process = process;
    this.port = port;
    this.cleanup = new Thread(process::destroyForcibly, "dynalite-cleanup");
    Runtime.getRuntime().addShutdownHook(cleanup);
  }

  /**
   * Why dynalite cannot run on this machine (no {@code node} or {@code npm} on the PATH, or a Node.js
   * older than 18), or empty when it can.
   */
  public static Optional<String> missingTools() {
    Optional<String> node = versionOf("node");
    if (node.isEmpty()) {
      return Optional.of("no `node` on the PATH");
    }
    if (versionOf("npm").isEmpty()) {
      return Optional.of("no `npm` on the PATH");
    }
    String version = node.get().strip().replaceFirst("^v", "");
    int major = Integer.parseInt(version.substring(0, version.indexOf('.')));
    if (major < MIN_NODE_MAJOR) {
      return Optional.of("Node.js " + version + " is older than " + MIN_NODE_MAJOR);
    }
    return Optional.empty();
  }

  /** Installs dynalite if needed and starts it on a free loopback port; waits until it accepts connections. */
  public static DynaliteServer start() {
    Path home = Path.of(System.getProperty("lockkey.dynalite.home", "target/dynalite"));
    Path source = Path.of(System.getProperty("lockkey.dynalite.source", "src/test/dynalite"));
    Path cli = install(source, home);
    Path survive = source.resolve("survive-aborted-requests.js").toAbsolutePath();
    IllegalStateException failure = new IllegalStateException("dynalite did not start");
    for (int attempt = 0; attempt < START_ATTEMPTS; attempt++) {
      int port = freePort(); // another process may take it first: then dynalite exits and we try another
      Path log = home.resolve("dynalite-" + port + ".log");
      Process process = launch(home, List.of("node", "-r", survive.toString(), cli.toString(), "--host", "127.0.0.1", "--port",
          Integer.toString(port), "--createTableMs", "0", "--deleteTableMs", "0", "--updateTableMs", "0"), log);
      if (awaitListening(process, port)) {
        return new DynaliteServer(process, port);
      }
      process.destroyForcibly();
      failure.addSuppressed(new IllegalStateException("on port " + port + ": " + read(log)));
    }
    throw failure;
  }

  /** The port dynalite listens on, on 127.0.0.1. */
  public int port() {
    return port;
  }

  /** Freezes the server process (SIGSTOP): connections stay open, requests wait. */
  public void pause() {
    signal("STOP");
  }

  /** Lets a paused server go on (SIGCONT). */
  public void resume() {
    signal("CONT");
  }

  private void signal(String name) {
    try {
      Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).redirectErrorStream(true)
          .start();
      if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
        kill.destroyForcibly();
        throw new IllegalStateException("kill -" + name + " " + process.pid() + " failed");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while signalling dynalite", e);
    }
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly().waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    try {
      Runtime.getRuntime().removeShutdownHook(cleanup);
    } catch (IllegalStateException shuttingDown) {
      // the hook runs anyway, and the process is gone already
    }
  }

  /** Runs {@code npm ci} in {@code home} unless it holds an install of the committed lock file. */
  private static Path install(Path source, Path home) {
    Path cli = home.resolve("node_modules/dynalite/cli.js");
    try {
      Files.createDirectories(home);
      byte[] lock = Files.readAllBytes(source.resolve("package-lock.json"));
      Path installedLock = home.resolve("package-lock.json");
      if (Files.exists(cli) && Files.exists(installedLock) && Arrays.equals(lock, Files.readAllBytes(installedLock))) {
        return cli;
      }
      Files.copy(source.resolve("package.json"), home.resolve("package.json"), StandardCopyOption.REPLACE_EXISTING);
      Files.write(installedLock, lock);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot prepare " + home + " for dynalite", e);
    }
    Path log = home.resolve("npm-ci.log");
    Process npm = launch(home, List.of("npm", "ci", "--no-audit", "--no-fund"), log);
    try {
      if (!npm.waitFor(INSTALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
        npm.destroyForcibly();
        throw new IllegalStateException("npm ci of dynalite took over " + INSTALL_TIMEOUT + ": " + read(log));
      }
    } catch (InterruptedException e) {
      npm.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while installing dynalite", e);
    }
    if (npm.exitValue() != 0 || !Files.exists(cli)) {
      throw new IllegalStateException("npm ci of dynalite failed (exit " + npm.exitValue() + "): " + read(log));
    }
    return cli;
  }

  private static boolean awaitListening(Process process, int port) {
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline && process.isAlive()) {
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
        return true;
      } catch (IOException notYet) {
        sleep(Duration.ofMillis(50));
      }
    }
    return false;
  }

  private static Process launch(Path dir, List<String> command, Path log) {
    try {
      return new ProcessBuilder(command)
          .directory(dir.toFile())
          .redirectErrorStream(true)
          .redirectOutput(log.toFile())
          .start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + command, e);
    }
  }

  private static Optional<String> versionOf(String tool) {
    try {
      Process process = new ProcessBuilder(tool, "--version").redirectErrorStream(true).start();
      String output;
      try (InputStream in = process.getInputStream()) {
        output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
        process.destroyForcibly();
        return Optional.empty();
      }
      return Optional.of(output);
    } catch (IOException notInstalled) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free loopback port", e);
    }
  }

  private static String read(Path log) {
    try {
      return Files.readString(log);
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for dynalite", e);
    }
  }
}
