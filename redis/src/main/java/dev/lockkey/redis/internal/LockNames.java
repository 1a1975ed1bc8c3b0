package dev.lockkey.redis.internal;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.lock.LockOptions;

/**
 * The Redis names of one lock: every key shares the body's hash tag, so one script may touch them
 * all in a cluster. These are the names for the default purpose {@code lock}; a lock of another
 * purpose {@code p} is named {@code p}, {@code p-fence}, {@code p-contended}, {@code p-released},
 * {@code p-releaser}, {@code p-waiters}, {@code p-waiting}, so that it is independent of the
 * {@code lock} on the same body.
 *
 * @param lock {@code lock:{env}:{body}}: the owner token, with the lease as TTL
 * @param fence {@code fence:{env}:{body}}: the last fencing token, kept a grace period past the lease
 * @param contended {@code contended:{env}:{body}}: set briefly by a failed attempt, so that the
 *     holder's release publishes instead of passing the lock within its own executor
 * @param channel {@code released:{env}:{body}}: the pub/sub channel a release publishes on when
 *     someone waits (a channel, not a key)
 * @param releaser {@code releaser:{env}:{body}}: the owner token of the last release, for
 *     {@link LockCommands#RETRY_MEMORY}, so that a release sent twice (a client's retry after a
 *     timeout) answers "released" both times, and a late copy of that owner's acquire takes nothing
 * @param waiters {@code waiters:{env}:{body}}: the executors' waiters queued for the lock, a sorted
 *     set of owner tokens by arrival ({@link RemoteWaiters})
 * @param waiting {@code waiting:{env}:{body}}: until when each queued waiter's entry lives, a hash
 *     of owner token to server time in ms ({@link RemoteWaiters})
 */
public record LockNames(String lock, String fence, String contended, String channel, String releaser, String waiters,
    String waiting) {

  public static LockNames of(Keyspace keyspace, String purpose, LockKey key) {
    String body = key.canonical();
    String helper = purpose.equals(LockOptions.DEFAULT_PURPOSE) ? "" : purpose + "-";
    return new LockNames(
        keyspace.fullKey(purpose, body),
        keyspace.fullKey(helper + "fence", body),
        keyspace.fullKey(helper + "contended", body),
        keyspace.fullKey(helper + "released", body),
        keyspace.fullKey(helper + "releaser", body),
        keyspace.fullKey(helper + "waiters", body),
        keyspace.fullKey(helper + "waiting", body));
  }

  /** The Redis Cluster slot of all the keys. */
  public int slot() {
    return HashSlot.of(lock);
  }
}
