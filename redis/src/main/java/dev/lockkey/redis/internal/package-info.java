/**
 * The parts of {@code RedisLockExecutor} and of the Redis purposes. <b>Not API</b>: public only
 * where another package of this library needs it, and changed without notice.
 *
 * <p>The executor is the conductor; each part owns one concern: {@code LockCommands} (the Lua
 * scripts), {@code LocalWaitQueue} (this executor's threads per key, FIFO, handoff), {@code
 * LockAcquirer} and {@code RedisLockTaker} (taking one lock, or several in one script, for core's
 * {@code dev.lockkey.internal.MultiKeyAcquirer}), {@code RedisLeases}
 * (granting, releasing, extending; the {@code LeaseControl} of every lease), {@code Hold} (what a
 * new lease may count on: its local deadline never later than Redis's expiry for its owner), {@code
 * dev.lockkey.internal.LeaseRenewer} (the watchdog's and the callbacks' threads), {@code
 * dev.lockkey.internal.Housekeeper} (clean-ups after unknown outcomes), {@code ReleaseNotifier} (pub/sub; {@code
 * OutcomeWaiter} waits on it for an idempotent call's outcome) and {@code EvictionPolicyCheck}
 * (Redis' eviction policy, once at start).
 */
package dev.lockkey.redis.internal;
