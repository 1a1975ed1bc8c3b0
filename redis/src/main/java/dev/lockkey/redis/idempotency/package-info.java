/**
 * Idempotent calls on Redis: the first call of a key and payload runs its work and stores the result,
 * later calls with the same key and payload get the stored result, and the same key with another
 * payload is refused. Entry point: {@link dev.lockkey.redis.idempotency.RedisIdempotentCalls}; payload
 * fingerprints come from the processor's generated {@code XFingerprint} classes.
 */
package dev.lockkey.redis.idempotency;
