package dev.lockkey.format;

import dev.lockkey.SpecDescriptor;

/**
 * The compiled layout of one spec: renders a body from its segments. Generated code holds one in
 * a constant: {@code private static final KeyFormat FORMAT = KeyFormat.of(SPEC);}. Immutable.
 */
public final class KeyFormat {
  /** The longest body, in UTF-8 bytes. */
  public static final int MAX_BODY_BYTES = 512;

  private KeyFormat() {
    throw new UnsupportedOperationException("TODO");
  }

  /**
   * Compiles the spec's layout.
   *
   * @throws IllegalArgumentException when the layout does not name each field exactly once
   */
  public static KeyFormat of(SpecDescriptor spec) {
    throw new UnsupportedOperationException("TODO");
  }

  /** The spec this format renders. */
  public SpecDescriptor spec() {
    throw new UnsupportedOperationException("TODO");
  }

  /** The format of one identity field. */
  public FieldFormat field(String name) {
    throw new UnsupportedOperationException("TODO");
  }

  /**
   * The body from one finished segment per identity field, in declaration order ("" for an
   * absent optional).
   *
   * @throws dev.lockkey.InvalidKeyException rule {@code too-long} naming the longest field when
   *     the body exceeds {@link #MAX_BODY_BYTES}
   */
  public String render(String... segments) {
    throw new UnsupportedOperationException("TODO");
  }
}
