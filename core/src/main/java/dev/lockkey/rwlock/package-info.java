/**
 * Read/write locks per key, backend-neutral: {@link dev.lockkey.rwlock.ReadWriteLocks}. Read shares
 * and write locks are {@link dev.lockkey.lock.Lease}s. The Redis implementation is
 * {@code RedisReadWriteLocks} in {@code lockkey-redis}.
 */
package dev.lockkey.rwlock;
