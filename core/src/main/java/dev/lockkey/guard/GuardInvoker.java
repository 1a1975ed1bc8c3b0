package dev.lockkey.guard;

import dev.lockkey.KeySecret;
import dev.lockkey.LockKey;
import dev.lockkey.codec.ResultCodec;
import dev.lockkey.flight.FlightOptions;
import dev.lockkey.flight.SingleFlight;
import dev.lockkey.idempotency.IdempotencyOptions;
import dev.lockkey.idempotency.IdempotentCalls;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.permit.PermitOptions;
import dev.lockkey.permit.Permits;
import dev.lockkey.ratelimit.RateDecision;
import dev.lockkey.ratelimit.RateLimit;
import dev.lockkey.ratelimit.RateLimiter;
import dev.lockkey.rwlock.ReadWriteLocks;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.UnaryOperator;

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
 *   <li>{@link ScheduledJob @ScheduledJob}: {@link LockExecutor#tryAcquire} with the lease of the
 *       method's {@link JobPolicy}; held elsewhere, the method does not run and the call returns
 *       {@code null}; after the run the lock is kept until {@code holdAtLeast} after its acquisition;
 *   <li>{@link Permitted @Permitted}: {@link Permits#withPermit} with N and the lock options as for
 *       {@code @Locked};
 *   <li>{@link ReadLocked @ReadLocked} and {@link WriteLocked @WriteLocked}:
 *       {@link ReadWriteLocks#withRead} and {@link ReadWriteLocks#withWrite}, options as for {@code @Locked};
 *   <li>{@link SingleFlighted @SingleFlighted}: {@link SingleFlight#run};
 *   <li>{@link RateLimited @RateLimited}: one permit of {@link RateLimiter#tryAcquire}, else
 *       {@link RateLimitedException} and the method does not run;
 *   <li>{@link Idempotent @Idempotent}: {@link IdempotentCalls#run} with the payload's generated
 *       fingerprint and the options of the method's {@link IdempotencyPolicy}, whose codec is found
 *       once per guard as {@link Idempotent} documents.
 * </ul>
 * A {@code Lease} parameter receives the held lease, a {@link FencingToken} parameter the
 * idempotent call's fencing token: the invoker writes it into {@code arguments} before the call. What the method throws passes through unchanged.
 * Thread-safe.
 */
public final class GuardInvoker {
  private final LockExecutor executor;
  private final SingleFlight flights;
  private final RateLimiter limiter;
  private final IdempotentCalls calls;
  private final Permits permits;
  private final ReadWriteLocks readWriteLocks;
  private final Function<? super Class<?>, ? extends ResultCodec<?>> codecs;
  private final KeySecret secret;
  /** The lock options of each {@code @Locked} and {@code @ScheduledJob} guard, merged with the defaults once. */
  private final Map<MethodGuard, LockOptions> lockOptions = new ConcurrentHashMap<>();
  /** The options of each {@code @Idempotent} guard, with its codec found once. */
  private final Map<MethodGuard, IdempotencyOptions<Object>> idempotencyOptions = new ConcurrentHashMap<>();

  private GuardInvoker(Builder builder) {
    this.executor = builder.executor;
    this.flights = builder.flights;
    this.limiter = builder.limiter;
    this.calls = builder.calls;
    this.permits = builder.permits;
    this.readWriteLocks = builder.readWriteLocks;
    this.codecs = builder.codecs;
    this.secret = builder.secret;
  }

  /**
   * A builder of an invoker that takes locks through {@code executor}, of any backend (single
   * flights, rate limits and idempotent calls are given separately, through their interfaces).
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
   * @return what {@code call} returned, or for a single flight the shared result, or for an
   *     idempotent call the stored one
   * @throws Exception what {@code call} threw, unchanged
   * @throws LockTimeoutException when the lock or the flight's result did not come in time
   * @throws RateLimitedException when the rate limit denied the call
   * @throws dev.lockkey.idempotency.IdempotencyException when an idempotent call's key was
   *     used with another payload, runs elsewhere beyond the wait, or failed finally
   * @param call the original method call, run at most once
   * @throws IllegalStateException when the guard needs a part this invoker was built without, or an
   *     idempotent method's results have no codec
   */
  public Object invoke(MethodGuard guard, Object[] arguments, GuardedCall call) throws Exception {
    Objects.requireNonNull(call, "call");
    if (guard.needsSecret() && secret == null) {
      throw new IllegalStateException(guard + " builds a key with @Secret fields; give the invoker a KeySecret");
    }
    LockKey key = guard.key(arguments, secret);
    MethodGuard.Policy policy = guard.policy();
    if (policy instanceof MethodGuard.Policy.Lock lock) {
      LockOptions options = lockOptions(guard, lock.policy()::applyTo);
      return executor.withLock(key, options, lease -> proceed(guard, arguments, lease, call));
    }
    if (policy instanceof MethodGuard.Policy.Job job) {
      LockOptions options = lockOptions(guard, job.policy()::applyTo);
      return JobRun.run(executor, guard, key, options, job.policy().holdAtLeast(), arguments, call);
    }
    if (policy instanceof MethodGuard.Policy.Permit permit) {
      PermitOptions options = PermitOptions.builder().permits(permit.permits())
          .lease(lockOptions(guard, permit.policy()::applyTo)).build();
      return permits(guard).withPermit(key, options, lease -> proceed(guard, arguments, lease, call));
    }
    if (policy instanceof MethodGuard.Policy.ReadWrite readWrite) {
      LockOptions options = lockOptions(guard, readWrite.policy()::applyTo);
      return readWrite.write()
          ? readWriteLocks(guard).withWrite(key, options, lease -> proceed(guard, arguments, lease, call))
          : readWriteLocks(guard).withRead(key, options, lease -> proceed(guard, arguments, lease, call));
    }
    if (policy instanceof MethodGuard.Policy.Flight flight) {
      return flights(guard).run(key, flightOptions(flight), lease -> proceed(guard, arguments, lease, call));
    }
    if (policy instanceof MethodGuard.Policy.Rate rate) {
      admit(guard, key, rate.limit());
      return call.proceed();
    }
    MethodGuard.Policy.Idempotent idempotent = (MethodGuard.Policy.Idempotent) policy; // the sealed type's last case
    IdempotentCalls idempotentCalls = calls(guard);
    IdempotencyOptions<Object> options = idempotencyOptions(guard, idempotent.policy());
    Object result = idempotentCalls.run(key, idempotent.payload().of(arguments), options,
        token -> proceedOnce(guard, idempotent.policy(), arguments, token, call));
    return result == ResultCodecs.VOID ? null : result;
  }

  private IdempotentCalls calls(MethodGuard guard) {
    if (calls == null) {
      throw new IllegalStateException(guard + " is @Idempotent; give the invoker the IdempotentCalls");
    }
    return calls;
  }

  /** The guard's options with its codec, which the codec's lookup guarantees to store the method's results. */
  @SuppressWarnings("unchecked")
  private IdempotencyOptions<Object> idempotencyOptions(MethodGuard guard, IdempotencyPolicy policy) {
    IdempotencyOptions<Object> options = idempotencyOptions.get(guard);
    return options != null ? options : idempotencyOptions.computeIfAbsent(guard,
        g -> policy.options((ResultCodec<Object>) ResultCodecs.find(g, policy, codecs)));
  }

  /** Runs the method as the idempotent call's first caller; a {@code void} method's outcome is "it ran". */
  private static Object proceedOnce(MethodGuard guard, IdempotencyPolicy policy, Object[] arguments,
      long fencingToken, GuardedCall call) throws Exception {
    if (guard.fencingTokenParameter() >= 0) {
      arguments[guard.fencingTokenParameter()] = new FencingToken(fencingToken);
    }
    Object result = call.proceed();
    Class<?> type = policy.resultType();
    return type == void.class || type == Void.class ? ResultCodecs.VOID : result;
  }

  /** The guard's lock options: {@code policy} (a {@link LockPolicy}'s or {@link JobPolicy}'s) on the executor's defaults. */
  private LockOptions lockOptions(MethodGuard guard, UnaryOperator<LockOptions> policy) {
    LockOptions options = lockOptions.get(guard);
    return options != null ? options : lockOptions.computeIfAbsent(guard, g -> policy.apply(executor.defaultOptions()));
  }

  /** The guard's options for results of any type: the processor checked that the method returns the codec's type. */
  @SuppressWarnings("unchecked")
  private static FlightOptions<Object> flightOptions(MethodGuard.Policy.Flight flight) {
    return (FlightOptions<Object>) flight.options();
  }

  private Permits permits(MethodGuard guard) {
    if (permits == null) {
      throw new IllegalStateException(guard + " is @Permitted; give the invoker the Permits");
    }
    return permits;
  }

  private ReadWriteLocks readWriteLocks(MethodGuard guard) {
    if (readWriteLocks == null) {
      throw new IllegalStateException(guard + " is @ReadLocked or @WriteLocked; give the invoker the ReadWriteLocks");
    }
    return readWriteLocks;
  }

  private SingleFlight flights(MethodGuard guard) {
    if (flights == null) {
      throw new IllegalStateException(guard + " is @SingleFlighted; give the invoker a SingleFlight");
    }
    return flights;
  }

  private void admit(MethodGuard guard, LockKey key, RateLimit limit) {
    if (limiter == null) {
      throw new IllegalStateException(guard + " is @RateLimited; give the invoker a RateLimiter");
    }
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
    private IdempotentCalls calls;
    private Permits permits;
    private ReadWriteLocks readWriteLocks;
    private Function<? super Class<?>, ? extends ResultCodec<?>> codecs = type -> null;
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
     * The idempotent calls that {@code @Idempotent} methods run through; they should share the
     * executor's key space.
     *
     * @param calls the idempotent calls, needed only when a guarded class has an {@code @Idempotent} method
     * @return this builder
     */
    public Builder idempotentCalls(IdempotentCalls calls) {
      this.calls = Objects.requireNonNull(calls, "calls");
      return this;
    }

    /**
     * The permits that {@code @Permitted} methods take; they should share the executor's key space.
     *
     * @param permits the permits, needed only when a guarded class has a {@code @Permitted} method
     * @return this builder
     */
    public Builder permits(Permits permits) {
      this.permits = Objects.requireNonNull(permits, "permits");
      return this;
    }

    /**
     * The read/write locks that {@code @ReadLocked} and {@code @WriteLocked} methods take; they
     * should share the executor's key space.
     *
     * @param readWriteLocks the locks, needed only when a guarded class has such a method
     * @return this builder
     */
    public Builder readWriteLocks(ReadWriteLocks readWriteLocks) {
      this.readWriteLocks = Objects.requireNonNull(readWriteLocks, "readWriteLocks");
      return this;
    }

    /**
     * Where {@code @Idempotent} methods that name no codec of their own find one for their result
     * type, before the built-in codecs and Jackson's, e.g.
     * {@code resultCodecs(Map.of(Receipt.class, receipts)::get)}. Asked once per method, from any
     * thread.
     *
     * @param codecs the codec of a result type (boxed: {@code Long.class} for {@code long}), or
     *     {@code null} when it has none; every server sharing a key must use the same
     * @return this builder
     */
    public Builder resultCodecs(Function<? super Class<?>, ? extends ResultCodec<?>> codecs) {
      this.codecs = Objects.requireNonNull(codecs, "codecs");
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
