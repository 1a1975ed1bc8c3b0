package dev.lockkey.testing;

/**
 * A write that came with a fencing token lower than one the {@link FencedStore} had seen before:
 * the work of a holder whose lease had run out while a later holder wrote.
 *
 * @param token the fencing token the writer held
 * @param highestSeen the highest token the store had seen when the write arrived
 * @param value what the writer wrote, or tried to
 * @param <V> the store's value type
 */
public record StaleWrite<V>(long token, long highestSeen, V value) {
  @Override
  public String toString() {
    return "write with token " + token + " after token " + highestSeen + ": " + value;
  }
}
