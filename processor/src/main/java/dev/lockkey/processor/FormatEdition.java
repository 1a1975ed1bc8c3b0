package dev.lockkey.processor;

/**
 * The edition of the key format (docs/KEY-FORMAT.md, "Editions") that the generated code renders.
 * Generated {@code SPEC} constants and layout manifests record it, and {@link LayoutGuard} treats
 * a change of it like a change of the layout: once an edition ships, rendering never changes
 * silently. It must equal the runtime's {@code KeyFormat.EDITION} of the same release.
 */
final class FormatEdition {
  /** The edition this processor generates. */
  static final int CURRENT = 1;

  /** The edition of a manifest written before editions were recorded. */
  static final int BEFORE_EDITIONS = 0;

  private FormatEdition() {}
}
