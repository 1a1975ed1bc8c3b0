package dev.lockkey.redis.idempotency;

import dev.lockkey.lock.LockException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * What the begin script answered: the caller starts the work, or the record of an earlier call
 * decides. Decoded from the script's reply.
 *
 * @param state what the record says
 * @param number the fencing token when started, the remaining lease in ms when running
 * @param result the stored result when done, the failure's type when failed
 * @param message the failure's message when failed
 */
record Begun(State state, long number, byte[] result, String message) {

  enum State { STARTED, RUNNING, DONE, FAILED, CONFLICT }

  /** Decodes {@code {'started', fence}}, {@code {'running', pttl}}, {@code {'done', result}}, ... */
  static Begun decode(String recordKey, Object reply) {
    if (!(reply instanceof List<?> list) || list.isEmpty() || !(list.get(0) instanceof byte[] word)) {
      throw unexpected(recordKey, reply);
    }
    return switch (new String(word, StandardCharsets.UTF_8)) {
      case "started" -> new Begun(State.STARTED, number(recordKey, list), null, null);
      case "running" -> new Begun(State.RUNNING, number(recordKey, list), null, null);
      case "done" -> new Begun(State.DONE, 0, bytes(recordKey, list, 1), null);
      case "failed" -> new Begun(State.FAILED, 0, bytes(recordKey, list, 1),
          new String(bytes(recordKey, list, 2), StandardCharsets.UTF_8));
      case "conflict" -> new Begun(State.CONFLICT, 0, null, null);
      default -> throw unexpected(recordKey, reply);
    };
  }

  /** The failure's type, when {@link State#FAILED}. */
  String failureType() {
    return new String(result, StandardCharsets.UTF_8);
  }

  private static long number(String recordKey, List<?> reply) {
    if (reply.size() < 2 || !(reply.get(1) instanceof Long number)) {
      throw unexpected(recordKey, reply);
    }
    return number;
  }

  private static byte[] bytes(String recordKey, List<?> reply, int index) {
    if (reply.size() <= index || !(reply.get(index) instanceof byte[] bytes)) {
      throw unexpected(recordKey, reply);
    }
    return bytes;
  }

  private static LockException unexpected(String recordKey, Object reply) {
    return new LockException("unexpected reply of the idempotency script for " + recordKey + ": "
        + (reply instanceof List<?> list ? "a list of " + list.size() : String.valueOf(reply)), recordKey, null);
  }
}
