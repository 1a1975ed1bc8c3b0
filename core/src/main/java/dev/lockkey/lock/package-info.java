/**
 * The backend-neutral lock API: {@link dev.lockkey.lock.LockExecutor}, which every backend
 * implements, {@link dev.lockkey.lock.Lease}, {@link dev.lockkey.lock.MultiLease},
 * {@link dev.lockkey.lock.LockOptions}, {@link dev.lockkey.lock.LockListener},
 * {@link dev.lockkey.lock.LockedWork} and the exceptions under {@link dev.lockkey.lock.LockException}.
 * A backend (the Redis executor in {@code dev.lockkey.redis}, the DynamoDB one in
 * {@code lockkey-dynamodb}) grants leases through
 * {@link dev.lockkey.lock.LeaseControl}; nothing here knows a store.
 */
package dev.lockkey.lock;
