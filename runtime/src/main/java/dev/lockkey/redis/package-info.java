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
 * fallback after the holder's remaining lease, at most 0.5 s, jittered. The subscriber probes its
 * connection every second and replaces one that stays silent for 3 s (a black-holed path raises no
 * error), so a dead connection costs seconds of polling, not the rest of the process. Waiting honours
 * interruption and the wait time. In Redis Cluster a classic PUBLISH reaches every node (SPUBLISH
 * needs Redis 7), so the subscriber may use any node.
 *
 * <h2>Multiple keys</h2>
 * {@code acquireAll} takes keys in one canonical order (sorted by full key), so two callers never
 * deadlock: in one script, all or none, when the keys share a slot (always on a single server),
 * else one by one, releasing those taken when one cannot be had in time.
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
 * Redis must not evict lock keys ({@code maxmemory-policy noeviction}, or a Redis of its own): an
 * executor reads the policy once when it starts, on a thread of its own, and warns through the log
 * and {@link dev.lockkey.lock.LockListener#onUnsafeConfiguration} when locks can be evicted
 * ({@link dev.lockkey.redis.ExecutorStats#evictionPolicySafe()}).
 */
package dev.lockkey.redis;
