package dev.lockkey.benchmarks.lock;

import dev.lockkey.benchmarks.redis.RedisEndpoint;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/** The lock implementations compared, in the order reports list them. */
public enum Contender {
  /** LockKey's executor. */
  LOCKKEY("LockKey RedisLockExecutor, fencing token per lease", true, LockKeyContender::new),
  /** The two-round-trip floor: raw Jedis. */
  FLOOR("raw Jedis SET NX PX + EVALSHA compare-and-delete", false, RawJedisFloor::new),
  /** The fenced floor: raw Jedis, a fencing counter per key. */
  FENCED_FLOOR("raw Jedis EVALSHA SET NX PX + INCR fence, EVALSHA compare-and-delete", false, RawFencedFloor::new),
  /** Redisson's RLock. */
  REDISSON("Redisson RLock", true, RedissonContender::new),
  /** Spring Integration's RedisLockRegistry. */
  SPRING("Spring Integration RedisLockRegistry", true, SpringIntegrationContender::new);

  private final String description;
  private final boolean waits;
  private final Function<RedisEndpoint, ? extends LockContender> factory;

  Contender(
      String description, boolean waits, Function<RedisEndpoint, ? extends LockContender> factory) {
    this.description = description;
    this.waits = waits;
    this.factory = factory;
  }

  /** What this contender is, for reports. */
  public String description() {
    return description;
  }

  /** The short name used in reports and on the command line, e.g. {@code redisson}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Connects this contender's clients to {@code redis}. */
  public LockContender open(RedisEndpoint redis) {
    return factory.apply(redis);
  }

  /**
   * Connects a contender that can wait for a held lock.
   *
   * @throws IllegalStateException when this contender only tries once (the floor)
   */
  public BlockingLockContender openBlocking(RedisEndpoint redis) {
    if (!waits) {
      throw new IllegalStateException(label() + " cannot wait for a held lock");
    }
    return (BlockingLockContender) open(redis);
  }

  /** The contenders that can wait for a held lock, for the contention run. */
  public static List<Contender> waiting() {
    return Arrays.stream(values()).filter(c -> c.waits).toList();
  }
}
