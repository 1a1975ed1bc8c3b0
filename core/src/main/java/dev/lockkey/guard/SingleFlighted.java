package dev.lockkey.guard;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs the method once for all concurrent calls with the same key, across servers, and shares its
 * result through {@code SingleFlight}: named so that it does not clash with that class.
 *
 * <pre>{@code
 * @SingleFlighted(value = DocumentSummary.class, resultTtl = "1h")
 * public String summarize(String tenant, long documentId) { ... }
 * }</pre>
 *
 * <p>The key is built as for {@link Locked}. A result of type {@code String} is stored as UTF-8, a
 * {@code byte[]} as it is; any other result type needs a {@link #codec()}, which the processor
 * checks against the method's return type. A {@code Lease} parameter receives
 * the leader's lease. A call that waited the whole wait time for a leader throws
 * {@code LockTimeoutException} (HTTP 409); a shared deterministic failure is a
 * {@code FlightFailedException}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface SingleFlighted {

  /** {@return the {@code @LockKeySpec} interface whose key names the flight} */
  Class<?> value();

  /** {@return how long a result is shared; empty for {@code FlightOptions}' default (10 minutes)} */
  String resultTtl() default "";

  /** {@return the leader's lease time; empty for {@code FlightOptions}' default (30 s, renewed)} */
  String leaseTime() default "";

  /** {@return how long a follower waits at most for a leader's result; empty for the default (30 s)} */
  String waitTime() default "";

  /**
   * A {@code ResultCodec<R>} class with a public no-argument constructor, where {@code R} is the
   * method's return type (boxed): how results other than {@code String} and {@code byte[]} are
   * stored. Generated code creates one instance. {@code Void.class}: the built-in codec of the
   * return type.
   *
   * @return the codec class, or {@code Void.class} for the built-in codec
   */
  Class<?> codec() default Void.class;
}
