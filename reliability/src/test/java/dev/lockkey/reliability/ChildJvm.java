package dev.lockkey.reliability;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A separate JVM running a {@code main} class of this module with this JVM's java and class
 * path, its output read line by line as it comes. Every wait is bounded; {@link #close()} kills
 * the process if it still runs.
 */
final class ChildJvm implements AutoCloseable {
  /** Small heap and quick JIT: several children share two cores with the test. */
  private static final List<String> JVM_OPTIONS = List.of("-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

  private final String name;
  private final Process process;
  private final Writer stdin;
  private final List<String> stdout = new ArrayList<>(); // guarded by itself
  private final StringBuffer stderr = new StringBuffer();
  private volatile boolean stdoutClosed;

  private ChildJvm(String name, Process process) {
    this.name = name;
    this.process = process;
    this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    daemon(name + "-out", () -> readLines(process.getInputStream()));
    daemon(name + "-err", () -> readErrors(process.getErrorStream()));
  }

  /**
   * Starts {@code main} with {@code args}, and {@code environment} added to this process's.
   * Secrets go into the environment, where the command line does not show them.
   */
  static ChildJvm start(Class<?> main, Map<String, String> environment, String... args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(JVM_OPTIONS);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(main.getName());
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().putAll(environment);
    try {
      return new ChildJvm(main.getSimpleName(), builder.start());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start a JVM for " + main.getName(), e);
    }
  }

  /** The operating system's id of the process. */
  long pid() {
    return process.pid();
  }

  /** Whether the process still runs (a stopped one does). */
  boolean isAlive() {
    return process.isAlive();
  }

  /**
   * Waits for the first line of standard output starting with {@code tag} and a space.
   *
   * @throws AssertionError when none came within {@code timeout}, or the process ended first
   */
  ReportLine awaitLine(String tag, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (stdout) {
      while (true) {
        for (String line : stdout) {
          if (line.startsWith(tag + " ")) {
            return ReportLine.parse(line);
          }
        }
        long left = deadline - System.nanoTime();
        if (left <= 0 || !process.isAlive() && stdoutClosed) {
          throw new AssertionError(name + " printed no " + tag + " line within " + timeout + "; " + output());
        }
        TimeUnit.NANOSECONDS.timedWait(stdout, Math.min(left, TimeUnit.MILLISECONDS.toNanos(100)));
      }
    }
  }

  /** Every line of standard output so far that starts with {@code tag} and a space, in order. */
  List<ReportLine> lines(String tag) {
    synchronized (stdout) {
      return stdout.stream().filter(line -> line.startsWith(tag + " ")).map(ReportLine::parse).toList();
    }
  }

  /** Writes {@code line} to the process's standard input. */
  void send(String line) throws IOException {
    stdin.write(line + "\n");
    stdin.flush();
  }

  /** Sends a signal such as {@code STOP} or {@code CONT} by running {@code kill}. */
  void signal(String signal) throws IOException, InterruptedException {
    Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid())).redirectErrorStream(true).start();
    if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
      kill.destroyForcibly();
      throw new AssertionError("kill -" + signal + " " + pid() + " failed: "
          + new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }
  }

  /**
   * Waits for the process to exit and returns its exit code.
   *
   * @throws AssertionError when it still runs after {@code timeout}; it is killed then
   */
  int awaitExit(Duration timeout) throws InterruptedException {
    if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      process.destroyForcibly();
      throw new AssertionError(name + " did not exit within " + timeout + " and was killed; " + output());
    }
    return process.exitValue();
  }

  /** Everything the process wrote so far, standard output then standard error. */
  String output() {
    synchronized (stdout) {
      return "stdout:\n" + String.join("\n", stdout) + "\nstderr:\n" + stderr;
    }
  }

  /** Kills the process if it still runs, and waits for it. */
  @Override
  public void close() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(10, TimeUnit.SECONDS);
  }

  private void readLines(InputStream in) throws IOException {
    try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        synchronized (stdout) {
          stdout.add(line);
          stdout.notifyAll();
        }
      }
    } finally {
      stdoutClosed = true;
      synchronized (stdout) {
        stdout.notifyAll();
      }
    }
  }

  private void readErrors(InputStream in) throws IOException {
    try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        stderr.append(line).append('\n');
      }
    }
  }

  /** A task that may fail with an {@link IOException}: a closed stream ends the reading. */
  private interface Reading {
    void run() throws IOException;
  }

  private static void daemon(String name, Reading reading) {
    Thread thread = new Thread(() -> {
      try {
        reading.run();
      } catch (IOException closed) {
        // the process ended or was killed: nothing more to read
      }
    }, name);
    thread.setDaemon(true);
    thread.start();
  }
}
