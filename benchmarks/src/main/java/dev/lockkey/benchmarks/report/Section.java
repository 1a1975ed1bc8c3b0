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
 */
public record Section(
    String title, String method, List<Figure> figures, List<Target> targets, String details) {}
