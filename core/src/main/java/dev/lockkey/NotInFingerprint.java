package dev.lockkey;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * This record component is left out of the record's canonical JSON, and so out of its
 * fingerprint: for values that differ between retries of one request, such as a trace id or a
 * client timestamp. Its type is then not checked, since it is never written.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.RECORD_COMPONENT)
public @interface NotInFingerprint {}
