package dev.lockkey.guard;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the identity field a parameter supplies when its name differs:
 * {@code capture(@KeyField("tenant") String tenantId, long orderId)}.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface KeyField {

  /** {@return the identity field's name, as the spec's accessor is named} */
  String value();
}
