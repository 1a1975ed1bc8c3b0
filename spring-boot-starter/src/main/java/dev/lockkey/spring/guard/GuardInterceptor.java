package dev.lockkey.spring.guard;

import dev.lockkey.guard.GuardInvoker;
import dev.lockkey.guard.MethodGuard;
import dev.lockkey.guard.MethodGuards;
import java.lang.reflect.Method;
import java.lang.reflect.UndeclaredThrowableException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.springframework.aop.support.AopUtils;
import org.springframework.core.MethodClassKey;

/**
 * Runs calls of bean methods with a LockKey guard annotation ({@code @Locked}, {@code @SingleFlighted},
 * {@code @RateLimited}, {@code @Idempotent}, {@code @Permitted}, {@code @ReadLocked}, {@code @WriteLocked})
 * through a {@link GuardInvoker}: the generated {@code XxxGuards} table is loaded once per class,
 * each method's guard found once; a call then only builds its key through the generated factory.
 * The lease of a {@code Lease} parameter (the token of a {@code FencingToken} parameter) is written
 * into the invocation's arguments, which the target method receives.
 */
final class GuardInterceptor implements MethodInterceptor {
  private final Supplier<GuardInvoker> invokerBean;
  private volatile GuardInvoker invoker;
  private final Map<Class<?>, Optional<MethodGuards>> tables = new ConcurrentHashMap<>();
  /** By invoked method and target class: resolving the target's own method is reflection, done once. */
  private final Map<MethodClassKey, MethodGuard> guards = new ConcurrentHashMap<>();

  /** @param invoker the invoker, asked for at the first call: advisors are created before other beans */
  GuardInterceptor(Supplier<GuardInvoker> invoker) {
    this.invokerBean = invoker;
  }

  @Override
  public Object invoke(MethodInvocation invocation) throws Throwable {
    Class<?> target = invocation.getThis() == null ? null : AopUtils.getTargetClass(invocation.getThis());
    MethodClassKey key = new MethodClassKey(invocation.getMethod(), target);
    MethodGuard guard = guards.get(key);
    if (guard == null) {
      guard = guards.computeIfAbsent(key,
          k -> guardOf(AopUtils.getMostSpecificMethod(invocation.getMethod(), target)));
    }
    return invoker().invoke(guard, invocation.getArguments(), () -> proceed(invocation));
  }

  private GuardInvoker invoker() {
    GuardInvoker resolved = invoker;
    if (resolved == null) {
      resolved = invokerBean.get(); // the same bean whichever thread looks first
      invoker = resolved;
    }
    return resolved;
  }

  /**
   * The generated guard of {@code method}.
   *
   * @throws IllegalStateException when the class was compiled without lockkey-processor
   */
  private MethodGuard guardOf(Method method) {
    return tables.computeIfAbsent(method.getDeclaringClass(), MethodGuards::load)
        .flatMap(table -> table.find(method))
        .orElseThrow(() -> new IllegalStateException(method + " has a LockKey guard annotation but no generated "
            + MethodGuards.generatedClassName(method.getDeclaringClass()) + " guard; compile it with"
            + " lockkey-processor on the annotation processor path"));
  }

  /** The target method's call: its checked exceptions pass unchanged, as {@code GuardInvoker} lets them. */
  private static Object proceed(MethodInvocation invocation) throws Exception {
    try {
      return invocation.proceed();
    } catch (Exception | Error e) {
      throw e;
    } catch (Throwable other) {
      throw new UndeclaredThrowableException(other);
    }
  }
}
