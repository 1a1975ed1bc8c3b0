/**
 * Counting permits per key, backend-neutral: {@link dev.lockkey.permit.Permits} (what a backend
 * implements) and {@link dev.lockkey.permit.PermitOptions}. Each permit is a
 * {@link dev.lockkey.lock.Lease}. The Redis implementation is {@code RedisPermits} in
 * {@code lockkey-redis}; docs/BACKENDS.md says which other stores have one.
 */
package dev.lockkey.permit;
