package dev.lockkey.redis.internal;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.lock.LockOptions;
import java.util.List;

/**
 * The Redis names of one lock with several holders (permits, or a read/write lock): every key
 * shares the body's hash tag, so one script touches them all in a cluster. For permits of the
 * default purpose the words are {@code permits}, {@code permits-owners}, {@code permits-fence},
 * {@code permits-waiters}, {@code permits-waiting}, {@code permits-releaser} and the channel
 * {@code permits-released}; for a read/write lock {@code rw-readers}, {@code rw-writer},
 * {@code rw-owners}, ...; another purpose {@code p} prefixes them with {@code p-}.
 *
 * @param holders the holders (permits, or readers): a sorted set of owner tokens by lease end (server ms)
 * @param writer a read/write lock's writer, a sorted set of at most one; for permits the holders again
 * @param owners owner token to fencing token, of every holder
 * @param fence the last fencing token, kept a grace period past the last lease
 * @param waiters the queue: {@code <kind>:<owner token>} by arrival (server microseconds)
 * @param waiting until when each queue entry lives (server ms)
 * @param releaser the owner token of the last release, for a retried release and a late acquire
 * @param channel the pub/sub channel releases wake waiters on (a channel, not a key)
 */
public record SharedNames(String holders, String writer, String owners, String fence, String waiters, String waiting,
    String releaser, String channel) {

  /** The names of the permits of {@code key}. */
  public static SharedNames permits(Keyspace keyspace, String purpose, LockKey key) {
    String word = prefix(purpose) + "permits";
    String body = key.canonical();
    String holders = keyspace.fullKey(word, body);
    return new SharedNames(holders, holders, keyspace.fullKey(word + "-owners", body),
        keyspace.fullKey(word + "-fence", body), keyspace.fullKey(word + "-waiters", body),
        keyspace.fullKey(word + "-waiting", body), keyspace.fullKey(word + "-releaser", body),
        keyspace.fullKey(word + "-released", body));
  }

  /** The names of the read/write lock of {@code key}. */
  public static SharedNames readWrite(Keyspace keyspace, String purpose, LockKey key) {
    String word = prefix(purpose) + "rw";
    String body = key.canonical();
    return new SharedNames(keyspace.fullKey(word + "-readers", body), keyspace.fullKey(word + "-writer", body),
        keyspace.fullKey(word + "-owners", body), keyspace.fullKey(word + "-fence", body),
        keyspace.fullKey(word + "-waiters", body), keyspace.fullKey(word + "-waiting", body),
        keyspace.fullKey(word + "-releaser", body), keyspace.fullKey(word + "-released", body));
  }

  /** The keys every shared script takes, in its order. */
  List<String> keys() {
    return List.of(holders, writer, owners, fence, waiters, waiting, releaser);
  }

  private static String prefix(String purpose) {
    return purpose.equals(LockOptions.DEFAULT_PURPOSE) ? "" : purpose + "-";
  }
}
