package dev.lockkey.guard;

import dev.lockkey.KeySecret;
import dev.lockkey.LockKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.redis.flight.FlightOptions;
import dev.lockkey.redis.flight.SingleFlight;
import dev.lockkey.redis.ratelimit.RateDecision;
import dev.lockkey.redis.ratelimit.RateLimit;
import dev.lockkey.redis.ratelimit.RateLimiter;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs calls of annotated methods under their {@link MethodGuard}, framework-neutral: an
 * interceptor passes the guard it looked up once, the call's arguments and the call itself.
 *
 * <pre>{@code
 * GuardInvoker invoker = GuardInvoker.builder(executor).rateLimiter(limiter).build();
 * MethodGuard guard = MethodGuards.load(PaymentService.class).orElseThrow().find(method).orElseThrow();
 * Object result = invoker.invoke(guard, arguments, () -> method.invoke(service, arguments));
 * }</pre>
 *
 * <p>Per call: the generated factory builds the key from the arguments (an {@code
 * InvalidKeyException} if a value cannot be part of a key, before anything reaches Redis), then
 * <ul>
 *   <li>{@link Locked @Locked}: {@link LockExecutor#withLock} with the executor's defaults
 *       changed by the method's {@link LockPolicy} (merged once per guard);
 *       {@link LockTimeoutException} when the lock was not acquired in time;
 *   <li>{@link SingleFlighted @SingleFlighted}: {@link SingleFlight#run};
 *   <li>{@link RateLimited @RateLimited}: one permit of {@link RateLimiter#tryAcquire}, else
 *       {@link RateLimitedException} and the method does not run.
 * </ul>
 * A {@code Lease} parameter receives the held lease: the invoker writes it into
 * {@code arguments} before the call. What the method throws passes through unchanged.
 * Thread-safe.
 */
public final class GuardInvoker {
  private final LockExecutor executor;
  private final SingleFlight flights;
  private final RateLimiter limiter;
  private final KeySecret secret;
  /** The lock options of each {@code @Locked} guard, merged with the executor's defaults once. */
  private final Map<MethodGuard, LockOptions> lockOptions = new ConcurrentHashMap<>();

  private GuardInvoker(Builder builder) {
    this.executor = builder.executor;
    this.flights = builder.flights;
    this.limiter = builder.limiter;
    this.secret = builder.secret;
  }

  /**
   * A builder of an invoker that takes locks through {@code executor}, of any backend (single
   * flights and rate limits are Redis's, and given separately).
   *
   * @param executor the executor that {@code @Locked} methods take their locks through; its
   *     default options are what a {@link LockPolicy} changes
   * @return a builder; add the single flights, limiter and secret that the guards need
   */
  public static Builder builder(LockExecutor executor) {
    return new Builder(executor);
  }

  /**
   * Runs {@code call} under {@code guard}.
   *
   * @param guard the guard of the called method, from its {@link MethodGuards} table
   * @param arguments the call's arguments, in parameter order; the lease is written into them
   * @return what {@code call} returned, or for a single flight the shared result
   * @throws Exception what {@code call} threw, unchanged
   * @throws LockTimeoutException when the lock or the flight's result did not come in time
   * @throws RateLimitedException when the rate limit denied the call
   * @param call the original method call, run at most once
   * @throws IllegalStateException when the guard needs a part this invoker was built without
   */
  public Object invoke(MethodGuard guard, Object[] arguments, GuardedCall call) throws Exception {
    Objects.requireNonNull(call, "call");
    if (guard.needsSecret() && secret == null) {
      throw new IllegalStateException(guard + " builds a key with @Secret fields; give the invoker a KeySecret");
    }
    LockKey key = guard.key(arguments, secret);
    return switch (guard.kind()) {
      case LOCK -> executor.withLock(key, lockOptions(guard), lease -> proceed(guard, arguments, lease, call));
      case FLIGHT -> flights(guard).run(key, flightOptions(guard), lease -> proceed(guard, arguments, lease, call));
      case RATE -> {
        admit(guard, key);
        yield call.proceed();
      }
    };
  }

  private LockOptions lockOptions(MethodGuard guard) {
    LockOptions options = lockOptions.get(guard);
    return options != null ? options : lockOptions.computeIfAbsent(guard,
        g -> g.lockPolicy().applyTo(executor.defaultOptions()));
  }

  /** The guard's options for results of any type: the processor checked that the method returns the codec's type. */
  @SuppressWarnings("unchecked")
  private static FlightOptions<Object> flightOptions(MethodGuard guard) {
    return (FlightOptions<Object>) guard.flightOptions();
  }

  private SingleFlight flights(MethodGuard guard) {
    if (flights == null) {
      throw new IllegalStateException(guard + " is @SingleFlighted; give the invoker a SingleFlight");
    }
    return flights;
  }

  private void admit(MethodGuard guard, LockKey key) {
    if (limiter == null) {
      throw new IllegalStateException(guard + " is @RateLimited; give the invoker a RateLimiter");
    }
    RateLimit limit = guard.rateLimit();
    RateDecision decision = limiter.tryAcquire(key, limit);
    if (!decision.allowed()) {
      throw new RateLimitedException(executor.keyspace().fullKey(limit.purpose(), key), decision);
    }
  }

  private static Object proceed(MethodGuard guard, Object[] arguments, Lease lease, GuardedCall call)
      throws Exception {
    if (guard.leaseParameter() >= 0) {
      arguments[guard.leaseParameter()] = lease;
    }
    return call.proceed();
  }

  @Override
  public String toString() {
    return "GuardInvoker[" + executor + "]";
  }

  /** Builds a {@link GuardInvoker}; not thread-safe. */
  public static final class Builder {
    private final LockExecutor executor;
    private SingleFlight flights;
    private RateLimiter limiter;
    private KeySecret secret;

    private Builder(LockExecutor executor) {
      this.executor = Objects.requireNonNull(executor, "executor");
    }

    /**
     * The single flights that {@code @SingleFlighted} methods run through.
     *
     * @param flights the single flights, needed only when a guarded class has a
     *     {@code @SingleFlighted} method
     * @return this builder
     */
    public Builder singleFlight(SingleFlight flights) {
      this.flights = Objects.requireNonNull(flights, "flights");
      return this;
    }

    /**
     * The limiter that {@code @RateLimited} methods ask; it should share the executor's key space.
     *
     * @param limiter the limiter, needed only when a guarded class has a {@code @RateLimited} method
     * @return this builder
     */
    public Builder rateLimiter(RateLimiter limiter) {
      this.limiter = Objects.requireNonNull(limiter, "limiter");
      return this;
    }

    /**
     * The secret that keys with {@code @Secret} fields are digested with.
     *
     * @param secret the secret, needed only when a guarded key has {@code @Secret} fields
     * @return this builder
     */
    public Builder secret(KeySecret secret) {
      this.secret = Objects.requireNonNull(secret, "secret");
      return this;
    }

    /** {@return the invoker, with what this builder was given} */
    public GuardInvoker build() {
      return new GuardInvoker(this);
    }
  }
}
