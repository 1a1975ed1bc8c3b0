package dev.lockkey.examples;

/** What one section of the demo showed: a row of the summary table, and whether its claim held. */
interface SectionResult {
  /** The section's short name, e.g. {@code race}. */
  String section();

  /** What the section claims, in a few words. */
  String claim();

  /** What it observed, in a few words. */
  String shown();

  /** Whether what it observed bears the claim out. */
  boolean holds();
}
