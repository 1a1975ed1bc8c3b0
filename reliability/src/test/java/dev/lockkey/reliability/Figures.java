package dev.lockkey.reliability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;

/**
 * The measured figures of a run, which docs/RELIABILITY.md quotes: printed to standard output and
 * appended to {@code target/reliability-figures.txt}, one line per measurement.
 */
final class Figures {
  private static final Path FILE = Path.of("target", "reliability-figures.txt");

  private Figures() {}

  /** Records the figures of {@code measurement}, e.g. {@code load} with its counts. */
  static void record(String measurement, Map<String, ?> values) {
    String line = ReportLine.of(measurement, values).format();
    System.out.println("[figures] " + line);
    try {
      Files.createDirectories(FILE.getParent());
      Files.writeString(FILE, line + System.lineSeparator(), StandardCharsets.UTF_8,
          StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot record figures in " + FILE, e);
    }
  }
}
