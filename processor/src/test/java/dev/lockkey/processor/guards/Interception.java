package dev.lockkey.processor.guards;

import dev.lockkey.guard.GuardInvoker;
import dev.lockkey.guard.MethodGuard;
import dev.lockkey.guard.MethodGuards;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/** Calls a guarded method of a target object the way an interceptor does: its guard from the generated table. */
final class Interception {
  private final Object target;
  private final MethodGuards guards;

  Interception(Object target) {
    this.target = target;
    this.guards = MethodGuards.load(target.getClass()).orElseThrow();
  }

  /** Calls {@code target.name(arguments)} under its guard, through {@code invoker}; its exceptions pass unchanged. */
  Object call(GuardInvoker invoker, String name, Object... arguments) throws Exception {
    Method method = method(name);
    MethodGuard guard = guards.find(method).orElseThrow();
    return invoker.invoke(guard, arguments, () -> invoke(method, arguments));
  }

  private Object invoke(Method method, Object[] arguments) throws Exception {
    try {
      return method.invoke(target, arguments);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof Exception cause) {
        throw cause;
      }
      throw e;
    }
  }

  private Method method(String name) {
    for (Method method : target.getClass().getDeclaredMethods()) {
      if (method.getName().equals(name)) {
        return method;
      }
    }
    throw new IllegalArgumentException(name);
  }
}
