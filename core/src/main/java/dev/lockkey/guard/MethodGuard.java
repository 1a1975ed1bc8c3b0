package dev.lockkey.guard;

import dev.lockkey.KeySecret;
import dev.lockkey.LockKey;
import dev.lockkey.flight.FlightOptions;
import dev.lockkey.ratelimit.RateLimit;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Objects;

/**
 * The guard of one annotated method, as generated code declares it: which method (name and
 * parameter types), how its key is built, and what guards it (a lock, a single flight, a rate
 * limit or an idempotent call, with their options). Immutable; {@link GuardInvoker} runs calls
 * under it.
 */
public final class MethodGuard {
  /** What guards the method, with its options: one case per guard annotation. */
  sealed interface Policy {
    /** {@code @Locked}: what the annotation changes of the executor's default options. */
    record Lock(LockPolicy policy) implements Policy {
      @Override
      public String toString() {
        return policy.toString();
      }
    }

    /** {@code @ScheduledJob}: how long a run holds its lock at least and at most. */
    record Job(JobPolicy policy) implements Policy {
      @Override
      public String toString() {
        return policy.toString();
      }
    }

    /** {@code @SingleFlighted}: the flight's options, with the codec of the method's results. */
    record Flight(FlightOptions<?> options) implements Policy {
      @Override
      public String toString() {
        return options.toString();
      }
    }

    /** {@code @RateLimited}: the limit the annotation declares. */
    record Rate(RateLimit limit) implements Policy {
      @Override
      public String toString() {
        return limit.toString();
      }
    }

    /** {@code @Permitted}: N, and what the annotation changes of the executor's default options. */
    record Permit(int permits, LockPolicy policy) implements Policy {
      @Override
      public String toString() {
        return "permits=" + permits + ", " + policy;
      }
    }

    /** {@code @ReadLocked} or {@code @WriteLocked}, and what it changes of the executor's default options. */
    record ReadWrite(boolean write, LockPolicy policy) implements Policy {
      @Override
      public String toString() {
        return (write ? "write, " : "read, ") + policy;
      }
    }

    /** {@code @Idempotent}: the result type, codec and options, and the fingerprint of a call's payload. */
    record Idempotent(IdempotencyPolicy policy, PayloadFingerprint payload) implements Policy {
      @Override
      public String toString() {
        return policy.toString();
      }
    }
  }

  private final String methodName;
  private final List<Class<?>> parameterTypes;
  private final KeyFactory keys;
  private final Policy policy;
  private final int leaseParameter;
  private final int tokenParameter;
  private final boolean secret;

  private MethodGuard(String methodName, List<Class<?>> parameterTypes, KeyFactory keys, Policy policy,
      int leaseParameter, int tokenParameter, boolean secret) {
    this.methodName = Objects.requireNonNull(methodName, "methodName");
    this.parameterTypes = List.copyOf(parameterTypes);
    this.keys = Objects.requireNonNull(keys, "keys");
    this.policy = policy;
    if (leaseParameter >= this.parameterTypes.size()) {
      throw new IllegalArgumentException("lease parameter " + leaseParameter + " of " + this.parameterTypes.size());
    }
    if (tokenParameter >= this.parameterTypes.size()) {
      throw new IllegalArgumentException("token parameter " + tokenParameter + " of " + this.parameterTypes.size());
    }
    this.leaseParameter = leaseParameter;
    this.tokenParameter = tokenParameter;
    this.secret = secret;
  }

  /**
   * A {@link Locked @Locked} method.
   *
   * @param methodName the method's name
   * @param parameterTypes the method's parameter types, erased, in order
   * @param policy what the annotation changes of the executor's default options
   * @param keys builds the key of a call from its arguments
   * @return the guard, without a lease parameter or secret
   */
  public static MethodGuard locked(String methodName, List<Class<?>> parameterTypes, LockPolicy policy,
      KeyFactory keys) {
    return new MethodGuard(methodName, parameterTypes, keys,
        new Policy.Lock(Objects.requireNonNull(policy, "policy")), -1, -1, false);
  }

  /**
   * A {@link ScheduledJob @ScheduledJob} method.
   *
   * @param methodName the method's name
   * @param parameterTypes the method's parameter types, erased, in order
   * @param policy how long a run holds its lock at least and at most
   * @param keys builds the key of a call from its arguments
   * @return the guard, without a lease parameter or secret
   */
  public static MethodGuard scheduledJob(String methodName, List<Class<?>> parameterTypes, JobPolicy policy,
      KeyFactory keys) {
    return new MethodGuard(methodName, parameterTypes, keys,
        new Policy.Job(Objects.requireNonNull(policy, "policy")), -1, -1, false);
  }

  /**
   * A {@link Permitted @Permitted} method.
   *
   * @param methodName the method's name
   * @param parameterTypes the method's parameter types, erased, in order
   * @param permits how many permits the key has (N)
   * @param policy what the annotation changes of the executor's default options
   * @param keys builds the key of a call from its arguments
   * @return the guard, without a lease parameter or secret
   */
  public static MethodGuard permitted(String methodName, List<Class<?>> parameterTypes, int permits,
      LockPolicy policy, KeyFactory keys) {
    return new MethodGuard(methodName, parameterTypes, keys,
        new Policy.Permit(permits, Objects.requireNonNull(policy, "policy")), -1, -1, false);
  }

  /**
   * A {@link ReadLocked @ReadLocked} method.
   *
   * @param methodName the method's name
   * @param parameterTypes the method's parameter types, erased, in order
   * @param policy what the annotation changes of the executor's default options
   * @param keys builds the key of a call from its arguments
   * @return the guard, without a lease parameter or secret
   */
  public static MethodGuard readLocked(String methodName, List<Class<?>> parameterTypes, LockPolicy policy,
      KeyFactory keys) {
    return new MethodGuard(methodName, parameterTypes, keys,
        new Policy.ReadWrite(false, Objects.requireNonNull(policy, "policy")), -1, -1, false);
  }

  /**
   * A {@link WriteLocked @WriteLocked} method.
   *
   * @param methodName the method's name
   * @param parameterTypes the method's parameter types, erased, in order
   * @param policy what the annotation changes of the executor's default options
   * @param keys builds the key of a call from its arguments
   * @return the guard, without a lease parameter or secret
   */
  public static MethodGuard writeLocked(String methodName, List<Class<?>> parameterTypes, LockPolicy policy,
      KeyFactory keys) {
    return new MethodGuard(methodName, parameterTypes, keys,
        new Policy.ReadWrite(true, Objects.requireNonNull(policy, "policy")), -1, -1, false);
  }

  /**
   * A {@link SingleFlighted @SingleFlighted} method returning the codec's type.
   *
   * @param methodName the method's name
   * @param parameterTypes the method's parameter types, erased, in order
   * @param options the flight's options, with the codec of the method's results
   * @param keys builds the key of a call from its arguments
   * @return the guard, without a lease parameter or secret
   */
  public static MethodGuard singleFlight(String methodName, List<Class<?>> parameterTypes, FlightOptions<?> options,
      KeyFactory keys) {
    return new MethodGuard(methodName, parameterTypes, keys,
        new Policy.Flight(Objects.requireNonNull(options, "policy")), -1, -1, false);
  }

  /**
   * A {@link RateLimited @RateLimited} method.
   *
   * @param methodName the method's name
   * @param parameterTypes the method's parameter types, erased, in order
   * @param limit the limit the annotation declares
   * @param keys builds the key of a call from its arguments
   * @return the guard, without a secret
   */
  public static MethodGuard rateLimited(String methodName, List<Class<?>> parameterTypes, RateLimit limit,
      KeyFactory keys) {
    return new MethodGuard(methodName, parameterTypes, keys,
        new Policy.Rate(Objects.requireNonNull(limit, "policy")), -1, -1, false);
  }

  /**
   * An {@link Idempotent @Idempotent} method.
   *
   * @param methodName the method's name
   * @param parameterTypes the method's parameter types, erased, in order
   * @param policy the method's result type, codec and options
   * @param keys builds the key of a call from its arguments
   * @param payload the fingerprint of a call's payload
   * @return the guard, without a fencing token parameter or secret
   */
  public static MethodGuard idempotent(String methodName, List<Class<?>> parameterTypes, IdempotencyPolicy policy,
      KeyFactory keys, PayloadFingerprint payload) {
    return new MethodGuard(methodName, parameterTypes, keys, new Policy.Idempotent(
        Objects.requireNonNull(policy, "policy"), Objects.requireNonNull(payload, "payload")), -1, -1, false);
  }

  /**
   * This guard with the parameter at {@code index} receiving the lease.
   *
   * @param index the position of the {@code Lease} parameter, from 0
   * @return a new guard; this one is unchanged
   * @throws IllegalArgumentException when the guard holds no lease (a rate limit or an idempotent
   *     call), or there is no such parameter
   */
  public MethodGuard withLeaseParameter(int index) {
    if (!(policy instanceof Policy.Lock || policy instanceof Policy.Flight || policy instanceof Policy.Job
        || policy instanceof Policy.Permit || policy instanceof Policy.ReadWrite) || index < 0) {
      throw new IllegalArgumentException("no lease for parameter " + index + " of " + this);
    }
    return new MethodGuard(methodName, parameterTypes, keys, policy, index, tokenParameter, secret);
  }

  /**
   * This idempotent call's guard with the parameter at {@code index} receiving its {@link FencingToken}.
   *
   * @param index the position of the {@code FencingToken} parameter, from 0
   * @return a new guard; this one is unchanged
   * @throws IllegalArgumentException when the guard is no idempotent call's, or there is no such parameter
   */
  public MethodGuard withFencingTokenParameter(int index) {
    if (!(policy instanceof Policy.Idempotent) || index < 0) {
      throw new IllegalArgumentException("no fencing token for parameter " + index + " of " + this);
    }
    return new MethodGuard(methodName, parameterTypes, keys, policy, leaseParameter, index, secret);
  }

  /**
   * This guard for a spec with {@code @Secret} fields, whose key needs the invoker's {@link KeySecret}.
   *
   * @return a new guard; this one is unchanged
   */
  public MethodGuard withSecret() {
    return new MethodGuard(methodName, parameterTypes, keys, policy, leaseParameter, tokenParameter, true);
  }

  /** {@return the method's name} */
  public String methodName() {
    return methodName;
  }

  /** {@return the method's parameter types, erased} */
  public List<Class<?>> parameterTypes() {
    return parameterTypes;
  }

  /**
   * Whether this is the guard of {@code method}: same name and parameter types.
   *
   * @param method a method of the guarded class
   * @return true when its name and erased parameter types are this guard's
   */
  public boolean matches(Method method) {
    if (!method.getName().equals(methodName) || method.getParameterCount() != parameterTypes.size()) {
      return false;
    }
    Class<?>[] types = method.getParameterTypes();
    for (int i = 0; i < types.length; i++) {
      if (types[i] != parameterTypes.get(i)) {
        return false;
      }
    }
    return true;
  }

  /** {@return the index of the parameter that receives the lease, or -1} */
  public int leaseParameter() {
    return leaseParameter;
  }

  /** {@return the index of the parameter that receives the {@link FencingToken}, or -1} */
  public int fencingTokenParameter() {
    return tokenParameter;
  }

  /** {@return whether the key needs a {@link KeySecret}} */
  public boolean needsSecret() {
    return secret;
  }

  /**
   * The key of one call, built by the generated factory as {@link GuardInvoker} builds it, e.g.
   * for an interceptor that logs which key a call waits for.
   *
   * @param arguments the call's arguments, in parameter order
   * @param keySecret what {@code @Secret} fields are digested with, or {@code null} when the spec has none
   * @return the call's key
   * @throws dev.lockkey.InvalidKeyException when an argument cannot be part of a key
   */
  public LockKey key(Object[] arguments, KeySecret keySecret) {
    return keys.key(arguments, keySecret);
  }

  /**
   * The payload fingerprint of one call of an idempotent method, computed by the generated code as
   * {@link GuardInvoker} computes it.
   *
   * @param arguments the call's arguments, in parameter order
   * @return the fingerprint: 32 lowercase hex digits
   * @throws IllegalStateException when this is no idempotent call's guard
   * @throws dev.lockkey.InvalidKeyException when the payload is null or holds a value that cannot be fingerprinted
   */
  public String fingerprint(Object[] arguments) {
    if (!(policy instanceof Policy.Idempotent idempotent)) {
      throw new IllegalStateException(this + " has no payload");
    }
    return idempotent.payload().of(arguments);
  }

  /** {@return what guards the method, with its options} */
  Policy policy() {
    return policy;
  }

  @Override
  public String toString() {
    return "MethodGuard[" + methodName + parameterTypes.stream().map(Class::getSimpleName).toList()
        .toString().replace('[', '(').replace(']', ')') + ", " + policy + "]";
  }
}
