package dev.lockkey.processor.guards;

import dev.lockkey.Fingerprinted;
import dev.lockkey.NotInFingerprint;

/** The payload of an idempotent capture: its fingerprint tells a retry from another request under the same key. */
@Fingerprinted
public record CaptureAmount(long minorUnits, String currency, @NotInFingerprint String traceId) {}
