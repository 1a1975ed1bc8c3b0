package dev.lockkey.redis.internal;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.lock.LockOptions;
import java.util.ArrayList;
import java.util.List;

/**
 * The Redis names of one lock: every key shares the body's hash tag, so one script may touch them
 * all in a cluster. These are the names for the default purpose {@code lock}; a lock of another
 * purpose {@code p} is named {@code p}, {@code p-fence}, {@code p-contended}, {@code p-released},
 * {@code p-releaser}, {@code p-waiters}, {@code p-waiting}, so that it is independent of the
 * {@code lock} on the same body.
 *
 * <p>This record is also the one place that orders them for the scripts: every lock script takes a
 * lock's keys in the order of {@link #keys()} (the extend script the first two of them), and its
 * channel as an argument, since a channel is no key.
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

  /** How many keys {@link #keys()} gives per lock. */
  static final int KEYS_PER_LOCK = 6;

  /**
   * The lock's keys in the one order of the lock scripts: the lock, its fencing state, its
   * contention marker, its releaser key, its waiter queue, its waiter expiries.
   */
  List<String> keys() {
    return List.of(lock, fence, contended, releaser, waiters, waiting);
  }

  /** The {@link #keys()} of every lock, one lock after the other. */
  static List<String> keys(List<LockNames> locks) {
    List<String> keys = new ArrayList<>(locks.size() * KEYS_PER_LOCK);
    locks.forEach(lock -> keys.addAll(lock.keys()));
    return keys;
  }

  /** The first two of the {@link #keys()} of every lock (the lock and its fencing state), for extending. */
  static List<String> leaseKeys(List<LockNames> locks) {
    List<String> keys = new ArrayList<>(locks.size() * 2);
    for (LockNames lock : locks) {
      keys.add(lock.lock);
      keys.add(lock.fence);
    }
    return keys;
  }

  /** The Redis Cluster slot of all the keys. */
  public int slot() {
    return HashSlot.of(lock);
  }
}
