package dev.lockkey.benchmarks.guard;

import dev.lockkey.Keyspace;
import dev.lockkey.benchmarks.keys.PaymentCaptureKey;
import dev.lockkey.benchmarks.lock.HeldLock;
import dev.lockkey.benchmarks.lock.LockContender;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
import dev.lockkey.guard.GuardInvoker;
import dev.lockkey.guard.MethodGuard;
import dev.lockkey.guard.MethodGuards;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.JedisConnection;
import java.time.Duration;
import redis.clients.jedis.RedisClient;

/**
 * One whole uncontended {@code @Locked} call per cycle (acquire, method, release), for
 * {@link dev.lockkey.benchmarks.lock.CycleMeter}'s interleaved slices: {@link #tryAcquire} makes the
 * call and returns a lock already released. {@link #GUARDED} goes through the method's generated
 * guard and a {@link GuardInvoker}, as the Spring interceptor does; {@link #DIRECT} is
 * {@code withLock} with the key built by hand. Same key, options and method body.
 */
public enum LockedCall {
  /** The baseline: {@code executor.withLock(PaymentCaptureKey.of(...), options, lease -> ...)}. */
  DIRECT("directWithLock"),
  /** The annotated method through its generated guard. */
  GUARDED("guardedCall");

  private static final LockOptions OPTIONS =
      LockOptions.builder().leaseTime(Duration.ofSeconds(10)).waitTime(Duration.ZERO).build();
  private static final HeldLock RELEASED = () -> {};

  private final String label;

  LockedCall(String label) {
    this.label = label;
  }

  /** The name in the report. */
  public String label() {
    return label;
  }

  /** A client, executor and invoker on {@code redis} that make this kind of call. */
  public LockContender open(RedisEndpoint redis) {
    RedisClient jedis = RedisClient.create(redis.host(), redis.port());
    RedisLockExecutor executor = RedisLockExecutor.builder(JedisConnection.of(jedis), Keyspace.of("bench")).defaultOptions(OPTIONS).build();
    GuardInvoker invoker = GuardInvoker.builder(executor).build();
    MethodGuard guard = guard();
    CaptureService service = new CaptureService();
    return new LockContender() {
      @Override
      public HeldLock tryAcquire(String tenant) {
        if (LockedCall.this == DIRECT) {
          executor.withLock(PaymentCaptureKey.of(tenant, 42L), OPTIONS, lease -> service.capture(tenant, 42L, lease));
        } else {
          Object[] arguments = {tenant, 42L, null};
          try {
            invoker.invoke(guard, arguments,
                () -> service.capture((String) arguments[0], (long) arguments[1], (Lease) arguments[2]));
          } catch (Exception e) {
            throw new IllegalStateException("the guarded call failed", e);
          }
        }
        return RELEASED;
      }

      @Override
      public void close() {
        executor.close();
        jedis.close();
      }
    };
  }

  private static MethodGuard guard() {
    try {
      return MethodGuards.load(CaptureService.class).orElseThrow()
          .find(CaptureService.class.getMethod("capture", String.class, long.class, Lease.class))
          .orElseThrow();
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(e);
    }
  }
}
