package dev.lockkey.observe;

import dev.lockkey.LockKey;
import dev.lockkey.SpecDescriptor;
import dev.lockkey.lock.LockListener;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds the most contended keys in fixed memory, for logs: a {@link LockListener} that counts
 * {@link LockListener#onContended contentions} per key with the Space-Saving algorithm (Metwally,
 * Agrawal, El Abbadi 2005). It watches at most {@code capacity} keys; a key seen when all are
 * taken replaces the one with the fewest contentions and inherits its count, which it then may
 * overstate ({@link HotKey#overestimate()}). Every key contended more than {@code total/capacity}
 * times is sure to be watched, and the counts of the top keys of a skewed stream are exact or
 * close.
 *
 * <pre>{@code
 * HotKeys hotKeys = HotKeys.create(128);
 * RedisLockExecutor locks = RedisLockExecutor.builder(redis, keyspace)
 *     .listener(LockListener.all(MicrometerLockListener.of(registry), hotKeys))
 *     .build();
 * scheduler.scheduleAtFixedRate(() -> log.info(hotKeys.reportAndReset(10)), 1, 1, TimeUnit.MINUTES);
 * }</pre>
 *
 * <p>Memory: {@code capacity} entries, each holding one body (at most 512 bytes). Each contention
 * costs a map lookup under a lock, and, when a new key must replace one, a scan of the watched
 * keys. Thread-safe.
 */
public final class HotKeys implements LockListener {
  /** The largest capacity: the eviction scan stays cheap. */
  public static final int MAX_CAPACITY = 10_000;

  private final int capacity;
  /** The watched keys by body; guarded by {@code this}. */
  private final Map<String, Counted> watched;
  /** Contentions seen since creation or the last reset; guarded by {@code this}. */
  private long total;

  /** A watched key's count; mutable, guarded by the {@link HotKeys} holding it. */
  private static final class Counted {
    final SpecDescriptor spec;
    final String body;
    long count;
    final long overestimate;

    Counted(SpecDescriptor spec, String body, long count, long overestimate) {
      this.spec = spec;
      this.body = body;
      this.count = count;
      this.overestimate = overestimate;
    }
  }

  private HotKeys(int capacity) {
    this.capacity = capacity;
    this.watched = new HashMap<>(capacity * 2);
  }

  /**
   * A sampler watching at most {@code capacity} keys; 10 times the number of hot keys you want
   * reported keeps their counts close.
   *
   * @param capacity the most keys watched at once, at least 1
   * @return the sampler
   * @throws IllegalArgumentException when {@code capacity} is not from 1 to {@value #MAX_CAPACITY}
   */
  public static HotKeys create(int capacity) {
    if (capacity < 1 || capacity > MAX_CAPACITY) {
      throw new IllegalArgumentException("capacity must be from 1 to " + MAX_CAPACITY + ", was " + capacity);
    }
    return new HotKeys(capacity);
  }

  @Override
  public void onContended(LockKey key) {
    record(key.spec(), key.canonical());
  }

  /** Counts one contention of the key with this body. */
  synchronized void record(SpecDescriptor spec, String body) {
    total++;
    Counted counted = watched.get(body);
    if (counted != null) {
      counted.count++;
      return;
    }
    if (watched.size() < capacity) {
      watched.put(body, new Counted(spec, body, 1, 0));
      return;
    }
    Counted fewest = null;
    for (Counted candidate : watched.values()) {
      if (fewest == null || candidate.count < fewest.count) {
        fewest = candidate;
      }
    }
    watched.remove(fewest.body);
    watched.put(body, new Counted(spec, body, fewest.count + 1, fewest.count));
  }

  /**
   * The at most {@code n} keys with the most contentions since creation or the last reset, most first.
   *
   * @param n the most keys to return
   * @return the at most {@code n} keys with the most contentions since creation or the last reset, most first
   */
  public synchronized List<HotKey> top(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("n must not be negative, was " + n);
    }
    List<HotKey> top = new ArrayList<>(watched.size());
    for (Counted counted : watched.values()) {
      top.add(new HotKey(counted.spec, counted.body, counted.count, counted.overestimate));
    }
    top.sort(Comparator.comparingLong(HotKey::contentions).reversed().thenComparing(HotKey::body));
    return List.copyOf(top.subList(0, Math.min(n, top.size())));
  }

  /**
   * How many contentions were seen since creation or the last reset.
   *
   * @return how many contentions were seen since creation or the last reset
   */
  public synchronized long total() {
    return total;
  }

  /**
   * The log lines of the top {@code n} keys, then forgets everything, so that the next report
   * covers the next period:
   *
   * <pre>
   * lockkey hot keys: top 2 of 1890 contentions
   *   1532 PaymentCapture (payment:capture:v1) #3f9a2c01d4e7
   *    310 CustomerProfile (customer:profile-update:v1) #a1b2c3d4e5f6
   * </pre>
   *
   * @param n the most keys to report
   * @return the report, one line per key after a heading
   */
  public synchronized String reportAndReset(int n) {
    List<HotKey> top = top(n);
    StringBuilder report = new StringBuilder("lockkey hot keys: top ").append(top.size())
        .append(" of ").append(total).append(" contentions");
    int width = top.isEmpty() ? 0 : Long.toString(top.get(0).contentions()).length();
    for (HotKey key : top) {
      String count = Long.toString(key.contentions());
      report.append("\n  ").append(" ".repeat(width - count.length())).append(key);
    }
    watched.clear();
    total = 0;
    return report.toString();
  }

  @Override
  public synchronized String toString() {
    return "HotKeys[" + watched.size() + " of " + capacity + " watched, " + total + " contentions]";
  }
}
