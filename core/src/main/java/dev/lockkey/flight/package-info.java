/**
 * Single flights, backend-neutral: {@link dev.lockkey.flight.SingleFlight} runs a computation
 * once for many identical requests and shares its result, as its
 * {@link dev.lockkey.flight.FlightOptions} say. The Redis implementation is
 * {@code dev.lockkey.redis.flight.RedisSingleFlight}.
 */
package dev.lockkey.flight;
