package dev.lockkey.benchmarks.guard;

import dev.lockkey.LockKey;
import dev.lockkey.benchmarks.keys.PaymentCaptureKey;
import dev.lockkey.guard.MethodGuard;
import dev.lockkey.guard.MethodGuards;
import dev.lockkey.lock.Lease;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The part of a guarded call that differs from a direct {@code withLock}, without Redis, whose
 * round trips dwarf it and whose noise on a shared machine hides it: the key built by the
 * generated factory from the call's {@code Object[]} arguments against the key built by hand.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class GuardKeyBenchmark {
  /** Not final, so the JIT cannot fold the key. */
  public String tenant = "tenant-42";

  /** Not final, so the JIT cannot fold the key. */
  public long orderId = 9_876_543_210L;

  private MethodGuard guard;

  /** Looks the guard up once, as an interceptor does. */
  @Setup(Level.Trial)
  public void open() throws NoSuchMethodException {
    guard = MethodGuards.load(CaptureService.class).orElseThrow()
        .find(CaptureService.class.getMethod("capture", String.class, long.class, Lease.class))
        .orElseThrow();
  }

  /** What the invoker does: arguments as an interceptor passes them, through the generated factory. */
  @Benchmark
  public LockKey keyFromArguments() {
    return guard.key(new Object[] {tenant, orderId, null}, null);
  }

  /** The baseline: the key class's factory called by hand. */
  @Benchmark
  public LockKey keyByHand() {
    return PaymentCaptureKey.of(tenant, orderId);
  }
}
