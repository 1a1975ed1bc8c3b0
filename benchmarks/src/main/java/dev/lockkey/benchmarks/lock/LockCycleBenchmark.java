package dev.lockkey.benchmarks.lock;

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
 * One thread, one key, nobody else: acquire then release, as many cycles per second as the
 * contender and one local Redis allow. The Redis endpoint comes from {@link
 * RedisEndpoint#PROPERTY}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class LockCycleBenchmark {
  /** Which lock implementation runs; JMH runs each in its own fork. */
  @Param public Contender contender;

  private LockContender locks;
  private String key;

  /** Connects the contender. */
  @Setup(Level.Trial)
  public void open() {
    locks = contender.open(RedisEndpoint.fromSystemProperty());
    key = "bench:cycle:" + contender.label();
  }

  /** Stops the contender's clients. */
  @TearDown(Level.Trial)
  public void close() {
    locks.close();
  }

  /** One uncontended acquire+release. */
  @Benchmark
  public void acquireRelease() {
    HeldLock held = locks.tryAcquire(key);
    if (held == null) {
      throw new IllegalStateException(contender.label() + " found its uncontended key held");
    }
    held.release();
  }
}
