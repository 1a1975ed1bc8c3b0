package dev.lockkey.testing;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One {@code redis-server} process ({@link RedisBinary}) on a loopback port, with no persistence,
 * its own working directory and its output in {@code redis.log} there. It can be stopped, killed, paused (SIGSTOP)
 * and started again on the same port. A paused process is resumed before it is stopped, and every
 * process still running when the JVM exits is resumed and killed by a shutdown hook.
 */
final class RedisServerProcess {
  private static final Duration START_TIMEOUT = Duration.ofSeconds(15);
  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);
  private static final Set<RedisServerProcess> RUNNING = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime()
        .addShutdownHook(new Thread(() -> RUNNING.forEach(RedisServerProcess::kill), "lockkey-redis-cleanup"));
  }

  /** DEBUG is refused from Redis 7 on unless enabled; tests use DEBUG SLEEP for slow-node faults. */
  private List<String> versionSettings() {
    return binary.majorVersion() >= 7 ? List.of("--enable-debug-command", "local") : List.of();
  }

  private final RedisBinary binary;
  private final int port;
  private final Path dir;
  private final List<String> settings;
  private Process process;
  private boolean paused;

  /**
   * @param settings extra {@code --name value} arguments, e.g. cluster settings
   */
  RedisServerProcess(int port, List<String> settings) {
    this(RedisBinary.configured(), port, settings);
  }

  /**
   * @param binary the {@code redis-server} to run
   * @param settings extra {@code --name value} arguments, e.g. cluster settings
   */
  RedisServerProcess(RedisBinary binary, int port, List<String> settings) {
    this.binary = binary;
    this.port = port;
    this.settings = List.copyOf(settings);
    try {
      this.dir = Files.createTempDirectory("lockkey-redis-" + port + "-");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a working directory for redis-server", e);
    }
  }

  int port() {
    return port;
  }

  /** The operating system's id of the running process. */
  synchronized long pid() {
    if (!isAlive()) {
      throw new IllegalStateException(this + " does not run");
    }
    return process.pid();
  }

  /** Starts the process and waits until it answers PING. */
  synchronized void start() {
    if (isAlive()) {
      return;
    }
    List<String> command = new ArrayList<>(List.of(binary.path().toString(),
        "--port", Integer.toString(port),
        "--bind", "127.0.0.1",
        "--dir", dir.toString(),
        "--save", "",
        "--appendonly", "no",
        "--daemonize", "no"));
    command.addAll(versionSettings());
    command.addAll(settings);
    try {
      process = new ProcessBuilder(command)
          .redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("redis.log").toFile()))
          .start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + binary.path(), e);
    }
    RUNNING.add(this);
    awaitPing();
  }

  private void awaitPing() {
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (true) {
      if (!process.isAlive()) {
        RUNNING.remove(this);
        throw new IllegalStateException("redis-server on port " + port + " exited at start: " + logTail());
      }
      if (answersPing()) {
        return;
      }
      if (System.nanoTime() > deadline) {
        kill();
        throw new IllegalStateException(
            "redis-server on port " + port + " did not answer PING within " + START_TIMEOUT + ": " + logTail());
      }
      sleep(Duration.ofMillis(20));
    }
  }

  /**
   * One inline PING on a plain socket: no client library, so that the kit starts a server for an
   * application on any Redis client (one on Lettuce alone has no Jedis).
   */
  private boolean answersPing() {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
      socket.setSoTimeout(500);
      socket.getOutputStream().write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
      BufferedReader reply =
          new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
      return "+PONG".equals(reply.readLine());
    } catch (IOException notYet) {
      return false; // still starting
    }
  }

  /** Whether the process is running. */
  synchronized boolean isAlive() {
    return process != null && process.isAlive();
  }

  /** Stops the process (SIGTERM, then SIGKILL if it does not exit in time) and waits for it. */
  synchronized void stop() {
    if (process == null) {
      return;
    }
    resumeBeforeEnd(); // a stopped process would hold SIGTERM until the timeout, then die by SIGKILL
    process.destroy();
    try {
      if (!process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
        kill();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      kill();
    }
    RUNNING.remove(this);
  }

  /** Kills the process at once (SIGKILL), as a crash would, and waits for it to be gone. */
  synchronized void kill() {
    if (process == null) {
      return;
    }
    resumeBeforeEnd(); // SIGKILL ends a stopped process too; resuming first leaves none behind if it fails
    process.destroyForcibly();
    try {
      process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    RUNNING.remove(this);
  }

  /**
   * Freezes the process (SIGSTOP), as a long GC pause, a frozen VM or a stalled disk would: its
   * connections stay open, commands sent to it wait, new connections are accepted by the kernel
   * (up to the backlog) and then wait too. Does nothing when it is paused already.
   *
   * @throws IllegalStateException when the process does not run, or {@code kill} fails
   */
  synchronized void pause() {
    if (!isAlive()) {
      throw new IllegalStateException(this + " does not run: nothing to pause");
    }
    if (!paused) {
      signal("STOP");
      paused = true;
    }
  }

  /** Lets a paused process go on (SIGCONT); does nothing when it is not paused. */
  synchronized void resume() {
    if (paused && isAlive()) {
      signal("CONT");
    }
    paused = false;
  }

  /** Whether {@link #pause()} froze the process and nothing resumed, stopped or killed it since. */
  synchronized boolean isPaused() {
    return paused && isAlive();
  }

  /** Resumes a paused process that is about to be ended; a failure here must not keep it from ending. */
  private void resumeBeforeEnd() {
    try {
      resume();
    } catch (RuntimeException cannotSignal) {
      paused = false; // the SIGTERM or SIGKILL that follows ends it anyway, or reports why not
    }
  }

  private void signal(String name) {
    String pid = Long.toString(process.pid());
    try {
      Process kill = new ProcessBuilder("kill", "-" + name, pid).redirectErrorStream(true).start();
      if (!kill.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
        kill.destroyForcibly();
        throw new IllegalStateException("kill -" + name + " " + pid + " did not finish within " + STOP_TIMEOUT);
      }
      if (kill.exitValue() != 0) {
        throw new IllegalStateException("kill -" + name + " " + pid + " failed: "
            + new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run kill -" + name + " " + pid, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while sending SIG" + name + " to " + this, e);
    }
  }

  /** Stops the process and deletes its working directory. */
  synchronized void destroy() {
    stop();
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
    } catch (IOException e) {
      // a temp directory left behind is harmless
    }
  }

  /** The last lines the process wrote, for error messages. */
  String logTail() {
    try {
      List<String> lines = Files.readAllLines(dir.resolve("redis.log"), StandardCharsets.UTF_8);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for redis-server", e);
    }
  }

  @Override
  public String toString() {
    return "redis-server[127.0.0.1:" + port + "]";
  }

  /** The redis-server binary fixtures run by default, e.g. for {@code --sentinel}. */
  static Path binary() {
    return RedisBinary.configured().path();
  }
}
