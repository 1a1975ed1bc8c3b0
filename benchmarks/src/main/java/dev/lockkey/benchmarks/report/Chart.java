package dev.lockkey.benchmarks.report;

/**
 * A picture of some figures, written next to the report as {@code perf/<name>.svg} and shown in
 * its section.
 *
 * @param name the file name without {@code .svg}, e.g. {@code rate-limit-throughput}
 * @param title what the picture shows, also its alternative text
 * @param svg the SVG document
 */
public record Chart(String name, String title, String svg) {
  /** The Markdown that shows the picture from the report's directory. */
  public String markdown() {
    return "![" + title + "](perf/" + name + ".svg)\n";
  }
}
