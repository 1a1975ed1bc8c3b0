package dev.lockkey.guard;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs the method while holding the lock of the key built from its parameters:
 *
 * <pre>{@code
 * @Locked(PaymentCapture.class)
 * public Receipt capture(String tenant, long orderId, Lease lease) {
 *   return ledger.capture(tenant, orderId, lease.fencingToken());
 * }
 * }</pre>
 *
 * <p>Each identity field of the spec comes from the parameter of the same name, from the one
 * marked {@link KeyField @KeyField("field")}, or from one parameter whose type implements the
 * spec; {@code lockkey-processor} rejects a missing, ambiguous or incompatible field at compile
 * time. A parameter of type {@code Lease} receives the held lease (whatever the caller passed is
 * replaced), e.g. for its fencing token. A call that cannot get the lock within the wait time
 * throws {@code LockTimeoutException} (an HTTP layer maps it to 409 Conflict).
 *
 * <p>Durations are written as {@code 500ms}, {@code 10s}, {@code 5m}, {@code 2h}, {@code 1d} or in
 * ISO-8601 ({@code PT10S}); the processor reads them, so a typo is a compile error. An empty
 * attribute takes the executor's default options.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Locked {

  /** {@return the {@code @LockKeySpec} interface whose key to lock} */
  Class<?> value();

  /** {@return how long Redis keeps the lock unless released or renewed; empty for the executor's default} */
  String leaseTime() default "";

  /**
   * {@return how long to wait at most for a held lock ({@code 0s}: do not wait); empty for the
   * executor's default}
   */
  String waitTime() default "";

  /** {@return whether a watchdog renews the lease while the method runs} */
  Renewal renewal() default Renewal.DEFAULT;
}
