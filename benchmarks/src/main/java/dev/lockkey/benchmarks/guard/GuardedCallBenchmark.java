package dev.lockkey.benchmarks.guard;

import dev.lockkey.Keyspace;
import dev.lockkey.benchmarks.keys.PaymentCaptureKey;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
import dev.lockkey.guard.GuardInvoker;
import dev.lockkey.guard.MethodGuard;
import dev.lockkey.guard.MethodGuards;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.JedisConnection;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import redis.clients.jedis.RedisClient;

/**
 * One uncontended locked call, two ways, same key, options and method body: through the
 * {@code @Locked} method's generated guard and a {@link GuardInvoker} (as an interceptor calls it:
 * the guard looked up once, then key built from an {@code Object[]} of arguments, lease passed in),
 * and as a direct {@code withLock} call with a key built by hand. The difference is what the
 * annotation costs. On a loaded machine the forks of the two methods see different load; the
 * suite therefore measures whole calls in interleaved slices ({@link LockedCall}) and runs this
 * one on request: {@code benchmarks/run.sh --jmh GuardedCallBenchmark -prof gc}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class GuardedCallBenchmark {
  private static final LockOptions OPTIONS =
      LockOptions.builder().leaseTime(Duration.ofSeconds(10)).waitTime(Duration.ZERO).build();

  /** Not final, so the JIT cannot fold the key. */
  public String tenant = "tenant-42";

  /** Not final, so the JIT cannot fold the key. */
  public long orderId = 9_876_543_210L;

  private RedisClient jedis;
  private RedisLockExecutor executor;
  private GuardInvoker invoker;
  private MethodGuard guard;
  private final CaptureService service = new CaptureService();

  /** Connects, and looks the guard up once, as an interceptor does. */
  @Setup(Level.Trial)
  public void open() throws NoSuchMethodException {
    RedisEndpoint redis = RedisEndpoint.fromSystemProperty();
    jedis = RedisClient.create(redis.host(), redis.port());
    executor = RedisLockExecutor.builder(JedisConnection.of(jedis), Keyspace.of("bench")).defaultOptions(OPTIONS).build();
    invoker = GuardInvoker.builder(executor).build();
    guard = MethodGuards.load(CaptureService.class).orElseThrow()
        .find(CaptureService.class.getMethod("capture", String.class, long.class, Lease.class))
        .orElseThrow();
  }

  /** Stops the executor and the client. */
  @TearDown(Level.Trial)
  public void close() {
    executor.close();
    jedis.close();
  }

  /** The annotated method through its generated guard. */
  @Benchmark
  public Object guardedCall() throws Exception {
    Object[] arguments = {tenant, orderId, null};
    return invoker.invoke(guard, arguments,
        () -> service.capture((String) arguments[0], (long) arguments[1], (Lease) arguments[2]));
  }

  /** The baseline: the same lock and body, written by hand. */
  @Benchmark
  public long directWithLock() {
    return executor.withLock(PaymentCaptureKey.of(tenant, orderId), OPTIONS,
        lease -> service.capture(tenant, orderId, lease));
  }
}
