package dev.lockkey;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The field's segment is the first 128 bits of SHA-256 over its canonical text (or raw bytes for
 * {@code byte[]}), as 32 lowercase hex digits. For long text, documents and JSON. The key keeps
 * only the digest, and the field's accessor returns it. Allowed on {@code String},
 * {@code Optional<String>} and {@code byte[]}.
 *
 * <p>On a record field the digest is the record's fingerprint, over its canonical JSON written by
 * the generated {@code XFingerprint} class (see {@link Fingerprinted}); the key keeps the record
 * as given, and its {@code toString()} shows the fingerprint.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Hashed {}
