package dev.lockkey.guard;

import dev.lockkey.idempotency.IdempotencyOptions;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs the method at most once per key and payload and replays its stored result to every later
 * call, across servers, through {@code IdempotentCalls}:
 *
 * <pre>{@code
 * @Idempotent(value = PaymentCapture.class, finalFailures = CardDeclinedException.class)
 * public Receipt capture(String tenant, long orderId, CaptureRequest request, FencingToken token) {
 *   return ledger.capture(tenant, orderId, request, token.value());
 * }
 * }</pre>
 *
 * <p>The key is built as for {@link Locked}. The payload is the one parameter whose type is a
 * {@code @Fingerprinted} record: its generated {@code XFingerprint} is compared with the first
 * call's, and a call with the same key and another payload throws
 * {@code IdempotencyConflictException} and runs nothing. A parameter of type
 * {@link FencingToken} receives the call's fencing token (whatever the caller passed is replaced).
 * {@code lockkey-processor} rejects a missing, ambiguous or incompatible identity field or payload,
 * and a {@code Lease} parameter, at compile time.
 *
 * <p>Results of type {@code String} (UTF-8), {@code byte[]} and {@code void} are stored as they
 * are; any other type through, in this order, the {@link #codec()}, a codec the invoker was given
 * for the type ({@link GuardInvoker.Builder#resultCodecs}; in Spring Boot a
 * {@code ResultCodec<R>} bean, else the application's Jackson mapper bean), or JSON through
 * {@code Jackson3Codec} when Jackson 3 ({@code tools.jackson.databind}) is on the class path, else
 * {@code JacksonCodec} when Jackson 2 ({@code jackson-databind}) is; without any,
 * the call throws {@code IllegalStateException} naming the method before anything reaches Redis.
 *
 * <p>Durations are written as for {@link Locked}; the processor reads them, so a typo is a compile
 * error. An empty attribute takes {@code IdempotencyOptions}' default.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Idempotent {

  /** {@return the {@code @LockKeySpec} interface whose key names the call} */
  Class<?> value();

  /** {@return how long a finished call's result or final failure is replayed; empty for the default (24 h)} */
  String expiry() default "";

  /**
   * {@return how long the in-progress record lives without renewal (it is renewed while the method
   * runs), which bounds how long a caller that died blocks the key; empty for the default (30 s)}
   */
  String leaseTime() default "";

  /** {@return what a duplicate does while the first call runs: wait for its outcome, or fail at once} */
  IdempotencyOptions.InProgress inProgress() default IdempotencyOptions.InProgress.WAIT;

  /** {@return how long a duplicate waits at most for the first call's outcome; empty for the default (30 s)} */
  String waitTime() default "";

  /**
   * The failures that are final: stored and replayed to later calls as
   * {@code IdempotencyFailedException} with their type and message (so keep secrets out of their
   * messages). Any other failure removes the record, so that a retry runs the method again.
   *
   * @return the exception types whose instances (subclasses included) are final
   */
  Class<? extends Exception>[] finalFailures() default {};

  /**
   * A {@code ResultCodec<R>} class with a public no-argument constructor, where {@code R} is the
   * method's return type (boxed). Generated code creates one instance. {@code Void.class}: the
   * codec is found as the class comment says.
   *
   * @return the codec class, or {@code Void.class}
   */
  Class<?> codec() default Void.class;
}
