package dev.lockkey.redis.idempotency;

import dev.lockkey.lock.LockException;
import dev.lockkey.redis.connection.RedisClientException;
import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.redis.internal.LockCommands;
import dev.lockkey.redis.internal.LuaScript;
import dev.lockkey.redis.internal.OutcomeWaiter;
import dev.lockkey.redis.internal.RedisFailures;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The record of idempotent calls in Redis, one hash per key ({@code idem:env:{body}}: state,
 * fingerprint, owner token, fencing token, result or failure) and its fencing counter
 * ({@code idem-fence:env:{body}}), touched only by the scripts here. Every script checks the
 * caller's owner token, so a re-sent script (a client retrying after a timeout) means the same
 * thing twice; a start cleaned up after an unknown outcome leaves its owner token in an
 * "abandoned" record for a while, so that a late copy of it starts nothing. A caller that waits
 * for a running call notes itself in the record; storing or removing such a record publishes {@link OutcomeWaiter#WAKE_ALL} on the call's outcome channel
 * ({@code idem-outcome:env:{body}}) in the same script. Thread-safe.
 */
final class RecordStore {
  private static final LuaScript BEGIN = LuaScript.load("idempotency-begin");
  private static final LuaScript COMPLETE = LuaScript.load("idempotency-complete");
  private static final LuaScript ABANDON = LuaScript.load("idempotency-abandon");
  private static final LuaScript EXTEND = LuaScript.load("idempotency-extend");
  private static final byte[] DONE = bytes("done");
  private static final byte[] FAILED = bytes("failed");
  private static final byte[] NO_MESSAGE = new byte[0];
  private static final byte[] WAITS = bytes("1");
  private static final byte[] DOES_NOT_WAIT = bytes("0");
  private static final byte[] WAKE_ALL = bytes(OutcomeWaiter.WAKE_ALL);
  private static final byte[] FORGET_OWNER = bytes("0");
  /** How long a cleaned-up start's owner token is remembered: as long as a released lock's. */
  private static final byte[] REMEMBER_OWNER = bytes(Long.toString(LockCommands.RETRY_MEMORY.toMillis()));

  private final RedisConnection redis;

  RecordStore(RedisConnection redis) {
    this.redis = redis;
  }

  /**
   * Starts the call for {@code owner}, or reads what an earlier call left.
   *
   * @param counterTtlMillis how long the fencing counter outlives its last use
   * @param waits whether the caller will wait for a running call's outcome (and so needs to hear it)
   */
  Begun begin(String recordKey, String fenceKey, String fingerprint, String owner, long leaseMillis,
      long counterTtlMillis, boolean waits) {
    Object reply = run(BEGIN, recordKey, List.of(bytes(recordKey), bytes(fenceKey)),
        List.of(bytes(fingerprint), bytes(owner), bytes(Long.toString(leaseMillis)),
            bytes(Long.toString(counterTtlMillis)), waits ? WAITS : DOES_NOT_WAIT));
    return Begun.decode(recordKey, reply);
  }

  /** Stores a result; {@code false} when the record is no longer {@code owner}'s. */
  boolean storeResult(String recordKey, String channel, String owner, byte[] result, long expiryMillis) {
    return complete(recordKey, channel, owner, DONE, result, NO_MESSAGE, expiryMillis);
  }

  /** Stores a final failure by type and message; {@code false} when the record is no longer {@code owner}'s. */
  boolean storeFailure(String recordKey, String channel, String owner, Exception failure, long expiryMillis) {
    String message = failure.getMessage() == null ? "" : failure.getMessage();
    return complete(recordKey, channel, owner, FAILED, bytes(failure.getClass().getName()), bytes(message),
        expiryMillis);
  }

  /** Removes {@code owner}'s in-progress record; {@code false} when it is another caller's or holds an outcome. */
  boolean abandon(String recordKey, String channel, String owner) {
    return abandon(recordKey, channel, owner, FORGET_OWNER);
  }

  /**
   * Cleans up after {@code owner}'s start whose outcome is unknown: removes its in-progress record
   * if the start ran, and remembers {@code owner} for {@link LockCommands#RETRY_MEMORY} in an
   * "abandoned" record when the key is free, so that a copy of the start still on its way starts
   * nothing. Leaves another caller's record and a stored outcome alone.
   */
  void abandonStart(String recordKey, String channel, String owner) {
    abandon(recordKey, channel, owner, REMEMBER_OWNER);
  }

  private boolean abandon(String recordKey, String channel, String owner, byte[] memory) {
    return isOne(recordKey, run(ABANDON, recordKey, List.of(bytes(recordKey)),
        List.of(bytes(owner), bytes(channel), WAKE_ALL, memory)));
  }

  /** Extends {@code owner}'s in-progress record; {@code false} when it is no longer theirs. */
  boolean extend(String recordKey, String owner, long leaseMillis) {
    return isOne(recordKey, run(EXTEND, recordKey, List.of(bytes(recordKey)),
        List.of(bytes(owner), bytes(Long.toString(leaseMillis)))));
  }

  private boolean complete(String recordKey, String channel, String owner, byte[] state, byte[] result,
      byte[] message, long ttl) {
    return isOne(recordKey, run(COMPLETE, recordKey, List.of(bytes(recordKey)),
        List.of(bytes(owner), state, result, message, bytes(Long.toString(ttl)), bytes(channel), WAKE_ALL)));
  }

  private Object run(LuaScript script, String recordKey, List<byte[]> keys, List<byte[]> args) {
    try {
      return script.runBinary(redis, keys, args);
    } catch (RedisClientException e) {
      throw RedisFailures.translate(recordKey, e);
    }
  }

  private static boolean isOne(String recordKey, Object reply) {
    if (reply instanceof Long number) {
      return number == 1;
    }
    throw new LockException("unexpected reply of an idempotency script for " + recordKey + ": " + reply, recordKey, null);
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
