package dev.lockkey.benchmarks.report;

import java.util.List;

/**
 * One comparison of the report: what it measures and how, its figures, the goals held to them,
 * and any table that is not a figure (such as the keys left in Redis).
 *
 * @param title the heading
 * @param method what was run and how, in Markdown
 * @param figures the figures, each shown as a table of contenders
 * @param targets the goals read from the figures
 * @param details extra Markdown after the figures, empty when none
 * @param charts pictures of the figures, shown before them and written next to the report
 */
public record Section(
    String title, String method, List<Figure> figures, List<Target> targets, String details, List<Chart> charts) {

  /** A section without pictures. */
  public Section(String title, String method, List<Figure> figures, List<Target> targets, String details) {
    this(title, method, figures, targets, details, List.of());
  }
}
