package dev.lockkey;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Personal or secret data (phone numbers, e-mail addresses): the segment is the first 128 bits of
 * HMAC-SHA256 keyed by a {@link KeySecret}, which the generated factory and builder take as their
 * first argument. The key keeps only the digest; {@code toString()} shows {@code <secret>}.
 * Allowed on {@code String}, {@code Optional<String>} and {@code byte[]}.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Secret {}
