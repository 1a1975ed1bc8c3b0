/**
 * Locks on {@link dev.lockkey.LockKey}s in Redis: {@link dev.lockkey.redis.RedisLockExecutor},
 * built on a Jedis 8 {@code RedisClient} (one server) or {@code RedisClusterClient}. The leases,
 * options and exceptions it uses are the backend-neutral ones of {@link dev.lockkey.lock}; the
 * purposes built on Redis live in sub-packages ({@code flight}, {@code dedupe}, {@code ratelimit},
 * {@code rollout}); {@code internal} is not API.
 *
 * <h2>Cost</h2>
 * An uncontended acquire is one round trip (one Lua script sets the lock with NX and its lease and
 * yields the fencing token), a release is one. Scripts run by EVALSHA, falling back to EVAL when
 * the server does not know them (first use, restart, failover, SCRIPT FLUSH).
 *
 * <h2>Redis data</h2>
 * For a key with body {@code b} in environment {@code e}, all in the slot of the hash tag {@code {b}}:
 * <ul>
 *   <li>{@code lock:e:{b}}: the holder's owner token, with the lease as TTL; deleted on release.
 *   <li>{@code fence:e:{b}}: the last fencing token, with TTL lease + 10 minutes, renewed with the
 *       lease. This is the only state left after a release, and it expires: a million keys a day
 *       leave about seven thousand fence keys at any time, not a million more each day (compare
 *       Redisson #6510).
 *   <li>{@code contended:e:{b}}: set for 2 s by an attempt that found the lock held, deleted by the
 *       next acquisition; tells the holder's release to publish.
 *   <li>pub/sub channel {@code released:e:{b}}: a release publishes there when the marker shows a
 *       waiter (an uncontended release publishes nothing).
 * </ul>
 * These are the names of the default {@link dev.lockkey.lock.LockOptions#purpose() purpose}
 * {@code lock}. A lock of another purpose {@code p} uses {@code p:e:{b}}, {@code p-fence:e:{b}},
 * {@code p-contended:e:{b}} and {@code p-released:e:{b}}: it is independent of the {@code lock} on
 * the same body ({@code SingleFlight} elects its leaders with {@code flight} locks). Nothing is
 * deleted or extended without checking the owner token in the same script: a holder whose lease
 * ran out can never release or extend the next holder's lock (ShedLock #2583).
 *
 * <h2>Fencing tokens</h2>
 * The acquiring script issues {@code max(last token + 1, Redis TIME in microseconds)}. While the
 * fence key lives, tokens rise by the stored value; once it expired (ten minutes after the last
 * lease ended) the time floor keeps them rising, because a lock is taken at most about once per
 * microsecond. Assumption: the Redis server's clock (or, after a failover, the new primary's) never
 * stands more than those ten minutes behind the clock that issued an earlier token. The time floor
 * also covers a fence value lost in a failover when clocks agree.
 *
 * <h2>Waiting</h2>
 * Threads of one executor waiting for the same key queue locally in arrival order; only the first
 * talks to Redis. A release hands the lock to the next local waiter in the same round trip (a new
 * owner token and fencing token, so the lease is the waiter's own), unless a waiter in another
 * executor left the contention marker: then the lock is released and published, and all contenders
 * race for it. Across executors there is no queue, so no fairness guarantee beyond that. A thread
 * that must wait for another executor subscribes to the key's release channel (one pub/sub
 * connection per executor, resubscribed after reconnects) before its next attempt, and polls as a
 * fallback after the holder's remaining lease, at most 0.5 s, jittered. Waiting honours
 * interruption and the wait time. When the thread trying Redis for a key meets a Redis failure, the
 * threads queued behind it get it too, at once ({@link dev.lockkey.redis.RedisUnavailableException}),
 * rather than each trying in turn and the last ones running out of wait time. Locks are not
 * reentrant: a thread asking, with a wait, for a lock it holds in this executor gets
 * {@link dev.lockkey.lock.AlreadyHeldException} at once ({@code tryAcquire} answers empty). A key's
 * local state lives while a thread of the executor holds, takes or waits for it; a lease left to
 * run out without a release stops counting as held, and frees its key's local state, within about a
 * second after it ran out (a sweep on a housekeeping thread). In Redis Cluster a classic PUBLISH reaches every node (SPUBLISH
 * needs Redis 7), so the subscriber may use any node.
 *
 * <h2>Multiple keys</h2>
 * {@code acquireAll} takes keys in one canonical order (sorted by full key), so two callers never
 * deadlock: in one script, all or none, when the keys share a slot (always on a single server),
 * else one by one, releasing those taken when one cannot be had in time. One by one, the leases
 * taken first are extended to a full lease before {@code acquireAll} returns (one round trip each),
 * and when one of them ran out meanwhile (its lock may be another's by then) all are released and
 * taken again within the wait time: a returned multi-lease holds every member for a full lease.
 *
 * <h2>Work</h2>
 * {@code withLock}, {@code SingleFlight.run} and {@code VersionRollout.withLock} run the caller's
 * work: once it ran, its outcome is what the caller gets. A release (or result store) failing
 * afterwards goes to the listener's {@code onError} and the log ({@link System.Logger}
 * {@code dev.lockkey.redis}, {@code WARNING}), never to the caller, who would take it for "no lock"
 * and run the work again; a work's own exception carries a release failure as suppressed.
 *
 * <h2>Time</h2>
 * Lease deadlines, renewals and waits run on {@link System#nanoTime()}; a step of the wall clock
 * moves nothing but the displayed {@link dev.lockkey.lock.Lease#expiry()}.
 *
 * <h2>Failures and limits</h2>
 * Redis failures surface as {@link dev.lockkey.redis.RedisUnavailableException} within the client's
 * timeouts, and the executor recovers when Redis is back. Redis replicates asynchronously: after a
 * failover the new primary may not have a lock that the old one had granted, so two holders may
 * overlap then; the same happens when a holder pauses beyond its lease. Fencing tokens let the
 * guarded resource detect both. The executor keeps one connection of the client's pool while
 * anyone waits for another executor, two daemon threads for renewals and one for the callbacks
 * that renewals trigger (listener methods, {@code onLost}), so a slow callback never stops a renewal.
 */
package dev.lockkey.redis;
