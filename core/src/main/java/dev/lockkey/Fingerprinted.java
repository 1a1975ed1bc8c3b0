package dev.lockkey;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The processor generates {@code XFingerprint} for this record {@code X}, in its package: the
 * record's canonical JSON ({@code docs/KEY-FORMAT.md}, "{@code @Hashed} on a record") and its
 * fingerprint, the first 128 bits of SHA-256 over that JSON as 32 hex digits:
 *
 * <pre>{@code
 * @Fingerprinted
 * record CaptureRequest(BigDecimal amount, String currency, @NotInFingerprint String traceId) {}
 *
 * String fingerprint = CaptureRequestFingerprint.of(request);
 * }</pre>
 *
 * For a request payload that is not part of a key, e.g. for an idempotent call. A record used as a
 * {@code @Hashed} identity field, and every record nested in it, gets its fingerprint class
 * without this annotation.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Fingerprinted {}
