package dev.lockkey.jdbc;

import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * A key's live holders and queue as one take read them, under the key's row lock, in the queue's
 * order (arrival): the admission rule of permits and read/write locks. A caller is admitted as a
 * permit while fewer than its N are held and fewer than the free permits queue ahead of it (one not
 * queued has every waiter ahead); as a reader while no writer holds and none queues ahead of it;
 * as the writer while nobody holds and it is first in the queue, or nobody queues.
 *
 * @param rows the holders and the waiters, oldest first
 */
record KeyState(List<Row> rows) {

  /**
   * One live row of the holders table.
   *
   * @param owner its owner token
   * @param kind what it holds or waits for
   * @param fencingToken the share's fencing token, or {@code null} for a waiter's place in the queue
   * @param leftMillis how long its lease or place lives on, by the database's clock
   */
  record Row(String owner, SharedKind kind, Long fencingToken, long leftMillis) {
    boolean held() {
      return fencingToken != null;
    }
  }

  /** The fencing token of {@code owner}'s share when it holds one already (a take run again). */
  OptionalLong heldBy(String owner) {
    return rows.stream().filter(row -> row.held() && row.owner().equals(owner))
        .mapToLong(Row::fencingToken).findFirst();
  }

  /** Whether {@code owner} may take a share of {@code kind} now ({@code permits}: N, for permits). */
  boolean admits(String owner, SharedKind kind, int permits) {
    List<Row> waiters = rows.stream().filter(row -> !row.held()).toList();
    int rank = -1;
    for (int i = 0; i < waiters.size(); i++) {
      if (waiters.get(i).owner().equals(owner)) {
        rank = i;
        break;
      }
    }
    List<Row> ahead = rank < 0 ? waiters : waiters.subList(0, rank);
    long held = rows.size() - waiters.size();
    return switch (kind) {
      case PERMIT -> ahead.size() < permits - held;
      case READ -> rows.stream().noneMatch(row -> row.held() && row.kind() == SharedKind.WRITE)
          && ahead.stream().noneMatch(row -> row.kind() == SharedKind.WRITE);
      case WRITE -> held == 0 && ahead.isEmpty();
    };
  }

  /**
   * How long until the first holder's lease ends, by the database's clock: a holder that died frees
   * its share then and signals nothing. {@link Long#MAX_VALUE} when nobody holds.
   */
  long firstLeaseEndsNanos() {
    return rows.stream().filter(Row::held).mapToLong(row -> TimeUnit.MILLISECONDS.toNanos(Math.max(0, row.leftMillis())))
        .min().orElse(Long.MAX_VALUE);
  }
}
