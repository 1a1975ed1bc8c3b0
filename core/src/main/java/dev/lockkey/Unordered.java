package dev.lockkey;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The elements of a {@code List}, {@code Set} or {@code Collection} field are sorted before they
 * are joined, so {@code {A,B}} and {@code {B,A}} give one key: an account-pair transfer locks the
 * same key in both directions.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Unordered {}
