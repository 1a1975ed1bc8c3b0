package dev.lockkey;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.time.temporal.ChronoUnit;

/**
 * An {@code Instant} field truncated to the start of its epoch-aligned window of
 * {@code size} {@code unit}s, so that every request within one window shares one key: login
 * attempts per user per minute are {@code @Window(size = 1, unit = ChronoUnit.MINUTES)}.
 * Units from {@code MILLIS} to {@code DAYS} are allowed.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Window {

  /**
   * The window length in {@link #unit()}s, at least 1.
   *
   * @return the window length in {@code #unit()}s, at least 1
   */
  long size();

  /**
   * The unit of {@link #size()}.
   *
   * @return the unit of {@code #size()}
   */
  ChronoUnit unit();
}
