package dev.lockkey.benchmarks.contention;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * What one worker process (or one of its threads) saw: cycles, acquisitions that came from another
 * process, overlaps, timeouts, and every wait in nanoseconds. Written by one thread, then merged.
 * Its file is one header line {@code cycles crossHandoffs overlaps timeouts}, then one wait a line.
 */
final class ProcessTally {
  long cycles;
  long crossHandoffs;
  long overlaps;
  long timeouts;
  private long[] waits = new long[1024];
  private int waitCount;

  void addWait(long nanos) {
    if (waitCount == waits.length) {
      waits = Arrays.copyOf(waits, waits.length * 2);
    }
    waits[waitCount++] = nanos;
  }

  void add(ProcessTally other) {
    cycles += other.cycles;
    crossHandoffs += other.crossHandoffs;
    overlaps += other.overlaps;
    timeouts += other.timeouts;
    for (int i = 0; i < other.waitCount; i++) {
      addWait(other.waits[i]);
    }
  }

  /** The waits so far, unsorted. */
  long[] waits() {
    return Arrays.copyOf(waits, waitCount);
  }

  void write(Path file) throws IOException {
    StringBuilder text = new StringBuilder();
    text.append(cycles).append(' ').append(crossHandoffs).append(' ').append(overlaps).append(' ').append(timeouts)
        .append('\n');
    for (int i = 0; i < waitCount; i++) {
      text.append(waits[i]).append('\n');
    }
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }

  static ProcessTally read(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    String[] header = lines.get(0).split(" ");
    ProcessTally tally = new ProcessTally();
    tally.cycles = Long.parseLong(header[0]);
    tally.crossHandoffs = Long.parseLong(header[1]);
    tally.overlaps = Long.parseLong(header[2]);
    tally.timeouts = Long.parseLong(header[3]);
    for (String line : lines.subList(1, lines.size())) {
      tally.addWait(Long.parseLong(line));
    }
    return tally;
  }
}
