package dev.lockkey.guard;

/**
 * The fencing token of an {@link Idempotent @Idempotent} call, for a parameter of this type: the
 * invoker replaces whatever the caller passed (callers pass {@code null}). It rises with every
 * caller that starts the call, so a take-over after a caller died gets a higher one: pass it to
 * the resource the method writes, so that it can refuse a caller that lost its record and still
 * writes. {@code @Locked} and {@code @SingleFlighted} methods take a {@code Lease} instead.
 *
 * @param value the token, as {@code IdempotentWork} receives it
 */
public record FencingToken(long value) {}
