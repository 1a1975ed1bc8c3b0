package dev.lockkey;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Canonical text longer than {@link #value()} code points is invalid. */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface MaxLength {

  /**
   * The largest allowed number of code points, at least 1.
   *
   * @return the largest allowed number of code points, at least 1
   */
  int value();
}
