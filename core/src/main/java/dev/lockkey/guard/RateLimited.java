package dev.lockkey.guard;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Admits at most {@link #limit()} calls per window for the key built from the method's parameters;
 * a denied call throws {@link RateLimitedException} (HTTP 429) and the method does not run.
 *
 * <pre>{@code
 * @RateLimited(value = LoginAttempt.class, limit = 5, window = "1m")
 * public Session login(String username, char[] password) { ... }
 * }</pre>
 *
 * <p>The key is built as for {@link Locked}. Without {@link #window()} the spec must have a
 * {@code @Window} field, whose window start is part of the key ({@code RateLimit.perKeyWindow});
 * with a {@link #burst()} the limit is smooth ({@code RateLimit.smooth}: {@code limit} per
 * {@code window}, up to {@code burst} at once).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface RateLimited {

  /** {@return the {@code @LockKeySpec} interface whose key is counted} */
  Class<?> value();

  /** {@return the calls admitted per window, at least 1} */
  long limit();

  /** {@return the window, e.g. {@code 1m}; empty to use the key's {@code @Window} field} */
  String window() default "";

  /** {@return above 0: a smooth limit admitting up to this many calls at once; 0: a fixed window} */
  long burst() default 0;

  /**
   * {@return the purpose word of the limit's Redis key; empty for the limit's default ({@code rate}
   * or {@code gcra})}
   */
  String purpose() default "";
}
