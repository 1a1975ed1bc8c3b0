package dev.lockkey;

import java.util.Random;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Seeded randomized tests: a property is checked on a few thousand generated inputs. The seed is
 * fixed, so every run checks the same inputs and a failure is reproducible; pass
 * {@code -Dlockkey.seed=N} to explore other inputs. A failure names the property, the case, the
 * seed to rerun it with and the input (non-ASCII shown as {@code \\uXXXX}).
 */
public final class RandomCases {
  /** The system property that overrides the seed. */
  public static final String SEED_PROPERTY = "lockkey.seed";
  /** Cases per property: enough to meet rare code points and edge values every run. */
  public static final int CASES = 3000;
  private static final long DEFAULT_SEED = 20_260_421L;

  private RandomCases() {}

  /** The seed of this run: {@value #SEED_PROPERTY}, or the fixed default. */
  public static long seed() {
    return Long.getLong(SEED_PROPERTY, DEFAULT_SEED);
  }

  /** Checks {@code property} on {@link #CASES} inputs of {@code generator}. */
  public static <T> void forAll(String property, Function<Random, T> generator, Consumer<T> check) {
    forAll(property, CASES, generator, check);
  }

  /**
   * Checks {@code property} on {@code cases} inputs of {@code generator}.
   *
   * @param property the property's name, which also varies the inputs per property
   * @throws AssertionError naming the case, the seed and the input, with the failure as its cause
   */
  public static <T> void forAll(String property, int cases, Function<Random, T> generator, Consumer<T> check) {
    long seed = seed();
    Random random = new Random(seed ^ property.hashCode());
    for (int i = 1; i <= cases; i++) {
      T input = generator.apply(random);
      try {
        check.accept(input);
      } catch (AssertionError | RuntimeException e) {
        throw new AssertionError(property + " failed on case " + i + " of " + cases + " with seed " + seed
            + " (rerun with -D" + SEED_PROPERTY + "=" + seed + ")\ninput: " + show(input) + "\n" + e.getMessage(), e);
      }
    }
  }

  /** The input with every code point outside printable ASCII as {@code \\uXXXX}, so that it can be pasted into a test. */
  static String show(Object input) {
    String text = String.valueOf(input);
    StringBuilder shown = new StringBuilder();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c >= 0x20 && c < 0x7F) {
        shown.append(c);
      } else {
        shown.append(String.format("\\u%04X", (int) c));
      }
    }
    return shown.toString();
  }
}
