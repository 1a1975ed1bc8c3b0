/**
 * Idempotent calls, backend-neutral: the first call of a key and payload runs its work and stores
 * the result, later calls with the same key and payload get the stored result, and the same key
 * with another payload is refused. Entry point: {@link dev.lockkey.idempotency.IdempotentCalls},
 * with its {@link dev.lockkey.idempotency.IdempotencyOptions}; the Redis implementation is
 * {@code dev.lockkey.redis.idempotency.RedisIdempotentCalls}. Payload fingerprints come from the
 * processor's generated {@code XFingerprint} classes.
 */
package dev.lockkey.idempotency;
