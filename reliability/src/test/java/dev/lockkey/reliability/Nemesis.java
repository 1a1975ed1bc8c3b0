package dev.lockkey.reliability;

import dev.lockkey.testing.TcpProxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;

/**
 * The randomized fault suite's nemesis: a schedule of faults drawn from a seed, one at a time with
 * quiet gaps between, applied to the worker processes, their proxies and the lock server, and
 * healed before the next. The same seed, backend and run time give the same schedule
 * ({@link #schedule}), so a failing run can be replayed with {@code -Dlockkey.faults.seed=...}.
 */
final class Nemesis {
  /** What a fault does. */
  enum Kind {
    /** SIGSTOP of a worker process, then SIGCONT: its threads, watchdog and leases freeze. */
    STOP_WORKER,
    /** The worker's proxy forwards nothing, both ways, then heals. */
    BLACK_HOLE,
    /** The worker's proxy delays every chunk by 50-400 ms. */
    DELAY,
    /** The worker's proxy resets every connection (once; the window is the reset's own moment). */
    RESET,
    /** SIGSTOP of the lock server, then SIGCONT. */
    PAUSE_STORE,
    /** {@code DEBUG SLEEP} of the lock server (Redis only): it answers nothing meanwhile. */
    SLEEP_STORE,
    /** The lock server stops and starts again on its port (Redis: empty, no persistence; PostgreSQL: its data kept). */
    RESTART_STORE;

    boolean onStore() {
      return this == PAUSE_STORE || this == SLEEP_STORE || this == RESTART_STORE;
    }

    boolean onProxy() {
      return this == BLACK_HOLE || this == DELAY || this == RESET;
    }
  }

  /**
   * One planned fault: after a quiet {@code gap}, {@code kind} on {@code worker} (-1: the store's
   * node {@code node}) for {@code length}.
   */
  record Step(Kind kind, int worker, int node, Duration gap, Duration length, Duration delay) {}

  /**
   * When a fault was in effect, by {@link System#nanoTime()}.
   *
   * @param worker the worker it hit, -1 for the store (every worker)
   */
  record Window(Kind kind, int worker, long startNanos, long endNanos) {
    /** Whether this fault hit {@code worker} (or the store) at any time from {@code from} to {@code to}. */
    boolean touches(int worker, long from, long to) {
      return (this.worker == worker || this.worker < 0) && startNanos <= to && endNanos >= from;
    }
  }

  private final List<ChildJvm> workers;
  private final List<TcpProxy> proxies;
  private final List<FaultedStore> nodes;

  /**
   * A nemesis of {@code workers}, their {@code proxies} (one per worker, or none: no proxy faults)
   * and the store's {@code nodes} (a cluster's masters).
   */
  Nemesis(List<ChildJvm> workers, List<TcpProxy> proxies, List<FaultedStore> nodes) {
    this.workers = workers;
    this.proxies = proxies;
    this.nodes = nodes;
  }

  /**
   * The faults that {@code seed} draws over {@code time} for {@code workers} workers, with or
   * without proxies, and {@code nodes} store nodes, restartable or not (a cluster's master would
   * fail over), able to {@link FaultedStore#sleep} or not.
   */
  static List<Step> schedule(long seed, int workers, boolean proxied, int nodes, boolean restartable,
      boolean sleeping, Duration time) {
    Random random = new Random(seed);
    Kind[] kinds = Arrays.stream(Kind.values())
        .filter(kind -> (proxied || !kind.onProxy()) && (restartable || kind != Kind.RESTART_STORE)
            && (sleeping || kind != Kind.SLEEP_STORE))
        .toArray(Kind[]::new);
    List<Step> steps = new ArrayList<>();
    long planned = 0;
    while (true) {
      Kind kind = kinds[random.nextInt(kinds.length)];
      Duration gap = Duration.ofMillis(300 + random.nextInt(1_200));
      Duration length = Duration.ofMillis(kind == Kind.RESET ? 0 : 300 + random.nextInt(2_200));
      Duration delay = Duration.ofMillis(50 + random.nextInt(350));
      int worker = kind.onStore() ? -1 : random.nextInt(workers);
      int node = nodes > 1 ? random.nextInt(nodes) : 0; // drawn only then: one server's seeds replay as before
      planned += gap.toMillis() + length.toMillis();
      if (planned > time.toMillis()) {
        return steps;
      }
      steps.add(new Step(kind, worker, node, gap, length, delay));
    }
  }

  /** Applies {@code steps} in order, each healed before the next; the windows they were in effect. */
  List<Window> run(List<Step> steps) throws Exception {
    List<Window> windows = new ArrayList<>();
    for (Step step : steps) {
      sleep(step.gap());
      long start = System.nanoTime();
      apply(step);
      windows.add(new Window(step.kind(), step.worker(), start, System.nanoTime()));
    }
    return windows;
  }

  private void apply(Step step) throws Exception {
    FaultedStore store = nodes.get(step.node());
    switch (step.kind()) {
      case STOP_WORKER -> during(step, () -> workers.get(step.worker()).signal("STOP"),
          () -> workers.get(step.worker()).signal("CONT"));
      case BLACK_HOLE -> during(step, () -> proxies.get(step.worker()).blackHole(),
          () -> proxies.get(step.worker()).heal());
      case DELAY -> during(step, () -> proxies.get(step.worker()).latency(step.delay()),
          () -> proxies.get(step.worker()).heal());
      case RESET -> proxies.get(step.worker()).resetConnections();
      case PAUSE_STORE -> during(step, store::pause, store::resume);
      case SLEEP_STORE -> store.sleep(step.length());
      case RESTART_STORE -> during(step, store::stop, store::start);
    }
  }

  /** A step of a fault or its healing. */
  private interface Action {
    void run() throws Exception;
  }

  /** Applies {@code fault}, waits the step's length, and heals, whatever happened meanwhile. */
  private static void during(Step step, Action fault, Action heal) throws Exception {
    fault.run();
    try {
      sleep(step.length());
    } finally {
      heal.run();
    }
  }

  private static void sleep(Duration duration) {
    long deadline = System.nanoTime() + duration.toNanos();
    for (long left = duration.toNanos(); left > 0; left = deadline - System.nanoTime()) {
      LockSupport.parkNanos(left);
    }
  }
}
