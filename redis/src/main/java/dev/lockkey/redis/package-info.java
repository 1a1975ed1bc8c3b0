/**
 * Locks on {@link dev.lockkey.LockKey}s in Redis: {@link dev.lockkey.redis.RedisLockExecutor},
 * built on a {@link dev.lockkey.redis.connection.RedisConnection}: any Jedis {@code UnifiedJedis} of
 * Jedis 6.0 to 8 ({@code RedisClient} or {@code JedisPooled} for one server, {@code RedisClusterClient}
 * or {@code JedisCluster} for Redis Cluster) through {@code JedisConnection.of}, or Lettuce through
 * {@code LettuceConnection.of}. The leases,
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
 *   <li>{@code fence:e:{b}}: the last fencing token, with TTL lease + the fence grace (10 minutes
 *       unless set by {@code RedisLockExecutorBuilder.fenceGrace}), renewed with the lease, and cut
 *       to the grace by the release (or a handoff's predecessor), however long the lease was. It
 *       expires: a million keys a day leave about seven thousand fence keys at any time, not a
 *       million more each day (compare Redisson #6510).
 *   <li>{@code releaser:e:{b}}: the owner token of the last release, for one minute: a release that
 *       the client sent twice (see "Retries" below) answers "released" both times, and a late copy
 *       of that owner's acquire takes nothing. With the fence, the only state left after a release.
 *   <li>{@code contended:e:{b}}: set for 2 s by an attempt that found the lock held, deleted by the
 *       next acquisition; tells the holder's release to publish.
 *   <li>pub/sub channel {@code released:e:{b}}: a release publishes there when the marker shows a
 *       waiter (an uncontended release publishes nothing).
 * </ul>
 * These are the names of the default {@link dev.lockkey.lock.LockOptions#purpose() purpose}
 * {@code lock}. A lock of another purpose {@code p} uses {@code p:e:{b}}, {@code p-fence:e:{b}},
 * {@code p-contended:e:{b}}, {@code p-releaser:e:{b}} and {@code p-released:e:{b}}: it is independent of the {@code lock} on
 * the same body ({@code SingleFlight} elects its leaders with {@code flight} locks). Nothing is
 * deleted or extended without checking the owner token in the same script: a holder whose lease
 * ran out can never release or extend the next holder's lock (ShedLock #2583).
 *
 * <h2>Fencing tokens</h2>
 * The acquiring script issues {@code max(last token + 1, Redis TIME in microseconds)}. While the
 * fence key lives, tokens rise by the stored value; once it expired (the fence grace, ten minutes
 * by default, after the last lease was released, handed on or ran out) the time floor keeps them
 * rising, because a lock is taken at most about once per microsecond. Assumption: the Redis
 * server's clock (or, after a failover, the new primary's) never stands more than the fence grace
 * behind the clock that issued an earlier token. The time floor also covers a fence value lost in
 * a failover when clocks agree. A shorter grace keeps less state and leans more on that clock.
 *
 * <h2>Retries</h2>
 * A client that timed out may send a command again (the Jedis cluster client does, up to its
 * attempts); when the node was only slow, both copies run. Every mutating script therefore
 * recognises its own earlier run: an acquire finds its own owner token and answers with the
 * fencing token that run wrote; a release, handoff or extension finds its work done (the releaser
 * key) and answers as the first run did; a dedupe mark finds its own token and is still first; a
 * rate-limit call carries an attempt id and counts once. An acquire whose outcome stays unknown
 * (Redis did not answer) may have taken the lock for an owner token nobody knows: it is released
 * with that token at once and, while Redis still fails, in the background until the lease has
 * passed, on a housekeeping thread of the executor's own (never a renewal thread); that release
 * also leaves the token in the releaser key, so a copy still on its way takes nothing. An
 * idempotent call settles a start, store or removal whose outcome is unknown the same way
 * ({@code dev.lockkey.redis.idempotency.RedisIdempotentCalls}, "Unknown outcomes").
 *
 * <h2>Replica acknowledgement</h2>
 * {@link dev.lockkey.redis.RedisLockExecutorBuilder#replicas} (opt-in, for every lock of the
 * executor) sends Redis {@code WAIT} after the
 * acquiring and extending scripts, renewals included, in the same pipeline, so on the same
 * connection: WAIT counts the writes of its own connection, and a separate call on a pooled
 * client could go to another connection and prove nothing. In a cluster the pipeline holds a
 * connection to the node of the key's slot. Fewer acknowledgements than asked release an acquired
 * lock again and throw {@link dev.lockkey.redis.ReplicationException}; an extension throws it
 * too. The replica timeout must stay below the client's socket timeout. Without the option
 * nothing waits, and an uncontended acquire stays one round trip.
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
 * failover the new primary may not have a lock that the old one had granted (unless replicas
 * acknowledged it, see above, and the new primary is one of them), so two holders may overlap then; the same happens when a holder pauses beyond its lease. Fencing tokens let the
 * guarded resource detect both. The executor keeps one connection of the client's pool while
 * anyone waits for another executor, two daemon threads for renewals and one for the callbacks
 * that renewals trigger (listener methods, {@code onLost}), so a slow callback never stops a renewal.
 * Redis must not evict lock keys ({@code maxmemory-policy noeviction}, or a Redis of its own): an
 * executor reads the policy once when it starts, on a thread of its own, and warns through the log
 * and {@link dev.lockkey.lock.LockListener#onUnsafeConfiguration} when locks can be evicted
 * ({@link dev.lockkey.redis.ExecutorStats#evictionPolicySafe()}).
 */
package dev.lockkey.redis;
