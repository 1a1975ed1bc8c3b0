package dev.lockkey.processor;

/**
 * A {@code @Window}: {@code size} {@code unit}s.
 *
 * @param unit the {@code java.time.temporal.ChronoUnit} constant's name, e.g. {@code MINUTES}
 */
record WindowSize(long size, String unit) {}
