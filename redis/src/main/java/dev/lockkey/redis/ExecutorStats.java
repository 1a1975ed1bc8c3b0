package dev.lockkey.redis;

/**
 * What a {@link RedisLockExecutor} holds at one moment, from {@link RedisLockExecutor#stats()}: an
 * immutable snapshot for tests, metrics and operators. The counts are read one after another, not
 * atomically together, so under load they may disagree by the operations in flight.
 *
 * @param keysTracked keys with local state: held, being taken, or waited for by a thread of this
 *     executor; a key whose lease was left to run out is dropped within about a second after it
 *     ran out, with no further call
 * @param threadsWaiting threads queued behind another thread of this executor for a key
 * @param leasesHeld leases granted and neither released, nor found lost, nor run out by the
 *     monotonic clock (a lease left to run out without a release stops counting within about a
 *     second after it ran out)
 * @param leasesRenewing those of the held leases that the watchdog renews
 * @param subscriberHealthy whether releases published by other executors can be heard now: the
 *     pub/sub connection is up and answers, or is not needed yet; while it is down or silent,
 *     waiters fall back to polling until a new connection is subscribed
 * @param evictionPolicySafe whether Redis may evict lock keys when its memory is full, as checked
 *     once when the executor started ({@link EvictionSafety#UNKNOWN} until the check is done)
 */
public record ExecutorStats(int keysTracked, int threadsWaiting, int leasesHeld, int leasesRenewing,
    boolean subscriberHealthy, EvictionSafety evictionPolicySafe) {}
