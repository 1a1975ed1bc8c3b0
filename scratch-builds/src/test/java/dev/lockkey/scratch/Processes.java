package dev.lockkey.scratch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a command to its end, its output and errors together. */
final class Processes {
  private Processes() {}

  /**
   * Runs {@code command} in {@code directory}.
   *
   * @throws IllegalStateException when it does not end within the timeout (then it is destroyed)
   */
  static RunResult run(Path directory, List<String> command, long timeout, TimeUnit unit)
      throws IOException, InterruptedException {
    Path log = Files.createTempFile(directory, "output", ".log");
    Process process = new ProcessBuilder(command)
        .directory(directory.toFile())
        .redirectErrorStream(true)
        .redirectOutput(log.toFile()) // a file, not a pipe: a chatty process never blocks on a full pipe
        .start();
    if (!process.waitFor(timeout, unit)) {
      process.destroyForcibly().waitFor();
      throw new IllegalStateException(String.join(" ", command) + " did not end within " + timeout + " "
          + unit + "; its output:\n" + Files.readString(log, StandardCharsets.UTF_8));
    }
    return new RunResult(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
  }
}
