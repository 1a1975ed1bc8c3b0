package dev.lockkey.examples;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * LockKey on a real Redis, in a few sections that each show one thing and check it: the keys the
 * example specs render; workers racing for one order; a stale holder; transfers locked from both
 * directions; single flight; dedupe; a rate limit; a spec's version rollout. It ends with a
 * summary table.
 *
 * <p>Run it from the repository root with {@code mvn -q -Pdemo -DskipTests -pl examples -am verify}.
 * It starts the {@code redis-server} that embedded-redis ships and stops it at the end, or uses
 * the server named by the environment variable {@code REDIS_URL}, e.g. {@code redis://127.0.0.1:6379}.
 * Exit status: 0 when every claim held; 1 when one did not; 2 when there was no Redis to run on
 * or Redis failed, with a one-line reason on standard error.
 */
public final class Demo {
  private Demo() {}

  /** Runs the demo and exits with its status (see the class documentation). */
  public static void main(String[] args) {
    int status = run(System.out, System.err);
    if (status != 0) {
      System.exit(status); // only on failure: on success the JVM (Maven's, under exec:java) ends normally
    }
  }

  /** Runs the demo, printing to {@code out} and a one-line reason of a failure to {@code err}. */
  static int run(PrintStream out, PrintStream err) {
    long start = System.nanoTime();
    try (DemoRedis redis = DemoRedis.open()) {
      Narration say = new Narration(out);
      say.plain("LockKey demo on " + redis.describe());
      List<SectionResult> results = sections(redis, say);
      printSummary(say, results);
      say.plain(String.format(Locale.ROOT, "%nDone in %.1f s.", (System.nanoTime() - start) / 1e9));
      return results.stream().allMatch(SectionResult::holds) ? 0 : 1;
    } catch (DemoSetupException e) {
      err.println("lockkey demo: " + e.getMessage());
      return 2;
    } catch (RuntimeException e) {
      err.println("lockkey demo failed: " + OneLine.of(e));
      return 2;
    }
  }

  /** Every section, in order, on {@code redis}; each returns what it showed. */
  static List<SectionResult> sections(DemoRedis redis, Narration say) {
    return List.of(
        KeyShapes.run(redis.keyspace(), say),
        OrderRace.run(redis, say),
        StaleHolder.run(redis, say),
        TransferBothWays.run(redis, say),
        SummaryOnce.run(redis, say),
        RedeliveredNotification.run(redis, say),
        LoginLimit.run(redis, say),
        PaymentRollout.run(redis, say),
        IdempotentOrder.run(redis, say));
  }

  private static void printSummary(Narration say, List<SectionResult> results) {
    say.heading("Summary");
    String row = "%-13s %-39s %-37s %s";
    say.line(row, "section", "claim", "shown", "holds");
    for (SectionResult result : results) {
      say.line(row, result.section(), result.claim(), result.shown(), result.holds() ? "yes" : "NO");
    }
  }
}
