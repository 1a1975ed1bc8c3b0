package dev.lockkey.guard;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs the method holding the write lock of the read/write lock of the key built from its
 * parameters ({@code dev.lockkey.rwlock.ReadWriteLocks}: alone, no reader nor other writer).
 * The key comes from the parameters as for {@link Locked @Locked}, checked by {@code lockkey-processor}
 * at compile time; a {@code Lease} parameter receives the lease. A call that does not get in within
 * the wait time throws {@code LockTimeoutException}. The invoker needs a {@code ReadWriteLocks}
 * ({@code GuardInvoker.Builder#readWriteLocks}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface WriteLocked {
  /** {@return the {@code @LockKeySpec} interface whose key's read/write lock to take} */
  Class<?> value();

  /** {@return how long the lease is kept unless released or renewed; empty for the executor's default} */
  String leaseTime() default "";

  /** {@return how long to wait at most ({@code 0s}: do not wait); empty for the executor's default} */
  String waitTime() default "";

  /** {@return whether a watchdog renews the lease while the method runs} */
  Renewal renewal() default Renewal.DEFAULT;
}
