package dev.lockkey.testing;

import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.commands.KeyCommands;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * Finds the locks a test left in its key space ({@code <purpose>:<env>:*}) and describes them
 * without their bodies' values: field values may be personal data, and a failure message ends up
 * in CI logs.
 */
final class LeftoverLocks {
  /** How many keys a message names; the rest are counted. */
  private static final int SHOWN = 10;

  private LeftoverLocks() {}

  /** The lock keys of {@code purposes} in {@code env} on one server (one node of a cluster). */
  static List<String> scan(KeyCommands redis, String env, List<String> purposes) {
    List<String> found = new ArrayList<>();
    for (String purpose : purposes) {
      ScanParams params = new ScanParams().match(purpose + ":" + env + ":*").count(1000);
      String cursor = ScanParams.SCAN_POINTER_START;
      do {
        ScanResult<String> page = redis.scan(cursor, params);
        found.addAll(page.getResult());
        cursor = page.getCursor();
      } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
    }
    return found;
  }

  /** The failure for the keys found in {@code where}. */
  static AssertionError failure(String where, List<String> keys) {
    StringBuilder message = new StringBuilder("the test left ").append(keys.size()).append(" lock(s) in ")
        .append(where).append(": ");
    keys.stream().sorted().limit(SHOWN).forEach(key -> message.append("\n  ").append(redacted(key)));
    if (keys.size() > SHOWN) {
      message.append("\n  and ").append(keys.size() - SHOWN).append(" more");
    }
    return new AssertionError(message.append("\nrelease every lease (try-with-resources), or list fewer purposes in"
        + " @LockKeyTest(leftoverLocks = ...) for a test that leaves a lock on purpose").toString());
  }

  /**
   * {@code lock:env:{payment:capture:v1:t42:98765}} as {@code lock:env:{payment:capture:v1:...} #1a2b3c4d}:
   * the spec (domain, action, version) without the field values, and a hash to tell keys apart.
   */
  static String redacted(String key) {
    int open = key.indexOf('{');
    if (open < 0) {
      return "(a key of another shape) #" + ShortHash.of(key);
    }
    String body = key.substring(open + 1);
    int cut = -1;
    for (int segment = 0; segment < 3; segment++) {
      cut = body.indexOf(':', cut + 1);
      if (cut < 0) {
        return key.substring(0, open + 1) + "...} #" + ShortHash.of(key);
      }
    }
    return key.substring(0, open + 1) + body.substring(0, cut) + ":...} #" + ShortHash.of(key);
  }
}
