package dev.lockkey.redis.internal;

/**
 * What a release tells the waiters of a lock on its release channel ({@link LockNames#channel()}):
 * the one reader of the messages that the hand-over routine writes ({@code include/handover.lua},
 * run by the release and handoff scripts, the one writer). Two kinds:
 *
 * <ul>
 *   <li>{@code "<owner token> <fencing token> <entry>"}: the lock was handed to the queued waiter of
 *       that owner token, with that fencing token, on a claim that ends when its queue entry would
 *       have ({@code entry}: server ms); it wakes that waiter alone, which may hold the lock from
 *       then on without another round trip ({@link Acquisition});
 *   <li>{@value #RELEASED}: the lock is free and nobody was queued; it wakes every waiter to try.
 * </ul>
 *
 * <p>A bare owner token (an executor of an earlier version) wakes its waiter too, which confirms
 * the lock by an attempt.
 *
 * @param token the fencing token the lock was handed over with
 * @param entry until when the waiter's queue entry lived (server ms): its claim's end, and which
 *     entry the claim was taken from
 */
record HandoverMessage(long token, long entry) {
  /** The message of a release that wakes every waiter (no live queue entry): each tries again. */
  static final String RELEASED = "released";

  /** Whether a release channel's {@code message} wakes the waiter of owner token {@code owner}. */
  static boolean isFor(String message, String owner) {
    return RELEASED.equals(message) || message.equals(owner) || parse(message, owner) != null;
  }

  /**
   * The handover that {@code message} tells the waiter of owner token {@code owner}, or
   * {@code null} when it is none for that waiter (or malformed).
   */
  static HandoverMessage parse(String message, String owner) {
    int tokenAt = owner.length() + 1;
    if (message.length() <= tokenAt || !message.startsWith(owner) || message.charAt(owner.length()) != ' ') {
      return null;
    }
    int entryAt = message.indexOf(' ', tokenAt) + 1;
    try {
      return new HandoverMessage(Long.parseLong(message, tokenAt, entryAt - 1, 10),
          Long.parseLong(message, entryAt, message.length(), 10));
    } catch (NumberFormatException | IndexOutOfBoundsException malformed) {
      return null;
    }
  }
}
