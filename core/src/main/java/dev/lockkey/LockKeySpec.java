package dev.lockkey;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares an interface as the identity of one kind of business resource.
 *
 * <p>Each abstract, parameterless method of the interface is an identity field, in declaration
 * order. During compilation {@code lockkey-processor} generates {@code XxxKey} next to the
 * interface: an immutable class whose {@link LockKey#canonical() body} follows
 * {@code docs/KEY-FORMAT.md}.
 *
 * <pre>{@code
 * @LockKeySpec(domain = "payment", action = "capture")
 * interface PaymentCapture {
 *   String tenant();
 *   long orderId();
 * }
 * // PaymentCaptureKey.of("t42", 98765).canonical() -> "payment:capture:v1:t42:98765"
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface LockKeySpec {

  /**
   * The business domain, a word: 1 to 64 of {@code a-z 0-9 - _}, starting with a letter or digit.
   *
   * @return the business domain, a word
   */
  String domain();

  /**
   * What is done to the resource, a word like {@link #domain()}.
   *
   * @return what is done to the resource, a word like {@code #domain()}
   */
  String action();

  /**
   * The layout version, at least 1. Bump it whenever the layout changes.
   *
   * @return the layout version, at least 1
   */
  int version() default 1;

  /**
   * An optional layout such as {@code "order:{orderId}:pay:{version}"}; when empty the layout is
   * {@code domain:action:v{version}} followed by one segment per identity field.
   *
   * @return the layout, or {@code ""} for {@code domain:action:v{version}} followed by the fields
   */
  String template() default "";
}
