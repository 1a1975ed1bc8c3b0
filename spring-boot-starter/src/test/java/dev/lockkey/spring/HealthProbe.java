package dev.lockkey.spring;

import java.lang.reflect.Method;
import org.springframework.context.ApplicationContext;

/**
 * Reads the {@code lockkey} health indicator's status the same way on Spring Boot 3 and 4, whose
 * health types live in different packages: the tests run on both.
 */
final class HealthProbe {
  private HealthProbe() {}

  /** The status code, e.g. {@code UP} or {@code DOWN}, of one check now. */
  static String status(ApplicationContext context) {
    return (String) call(call(health(context), "getStatus"), "getCode");
  }

  /** The details of one check now, as the health endpoint would show them. */
  static Object details(ApplicationContext context) {
    return call(health(context), "getDetails");
  }

  private static Object health(ApplicationContext context) {
    return call(context.getBean("lockkeyHealthIndicator"), "health");
  }

  private static Object call(Object target, String method) {
    try {
      Method m = target.getClass().getMethod(method);
      m.setAccessible(true);
      return m.invoke(target);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot call " + method + " on " + target.getClass(), e);
    }
  }
}
