package dev.lockkey.benchmarks.shared;

import dev.lockkey.benchmarks.redis.RedisEndpoint;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One thread, one idle key: take a permit, a read share or the write lock, and give it back, as
 * many cycles per second as the side and one local Redis allow ({@link SharedLockComparison}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class SharedLockBenchmark {
  /** LockKey or Redisson. */
  @Param public SharedLockSide side;
  /** What is taken. */
  @Param public SharedLockSide.Op op;

  private SharedLockSide.Cycle cycle;

  /** Connects the side. */
  @Setup(Level.Trial)
  public void open() {
    cycle = side.open(RedisEndpoint.fromSystemProperty(), op, "jmh-" + side + "-" + op);
  }

  /** Closes the side's clients. */
  @TearDown(Level.Trial)
  public void close() {
    cycle.close().run();
  }

  /** One take and give-back. */
  @Benchmark
  public void takeAndGiveBack() throws Exception {
    cycle.run();
  }
}
