package dev.lockkey.guard;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs the method holding one of {@link #permits()} permits of the key built from its parameters
 * ({@code dev.lockkey.permit.Permits}), as {@link Locked @Locked} holds a lock:
 *
 * <pre>{@code
 * @Permitted(value = ReportExport.class, permits = 4)
 * public Report export(String tenant, Lease permit) { ... }
 * }</pre>
 *
 * <p>The key comes from the parameters as for {@code @Locked}, checked by {@code lockkey-processor}
 * at compile time; so are the durations and the number of permits (1 to 10,000). A {@code Lease}
 * parameter receives the permit. A call that gets no permit within the wait time throws
 * {@code LockTimeoutException}. The invoker needs a {@code Permits} ({@code GuardInvoker.Builder#permits}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Permitted {
  /** {@return the {@code @LockKeySpec} interface whose key's permits to take} */
  Class<?> value();

  /** {@return how many permits the key has (N)} */
  int permits();

  /** {@return how long a permit is kept unless given back or renewed; empty for the executor's default} */
  String leaseTime() default "";

  /** {@return how long to wait at most for a permit ({@code 0s}: do not wait); empty for the executor's default} */
  String waitTime() default "";

  /** {@return whether a watchdog renews the permit while the method runs} */
  Renewal renewal() default Renewal.DEFAULT;
}
