package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.redis.internal.LockCommands;
import dev.lockkey.redis.internal.LockNames;
import dev.lockkey.testing.RedisClusterFixture;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.UnifiedJedis;

/**
 * Issue 15, wake one across processes, on a single server and on the cluster: each executor stands
 * for a process. A release hands the lock to the first queued waiter of another executor with one
 * PUBLISH; a waiter that died in the queue blocks the next no longer than its entry lives; the queue
 * is gone once the contention ends; four executors share 1,000 cycles fairly, never two holders at
 * once, fencing tokens strictly rising.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RemoteWaitersTest {
  /** Long enough that only a handover (never a lease running out) can pass the lock in these tests. */
  private static final LockOptions PATIENT = LockOptions.builder()
      .leaseTime(Duration.ofMinutes(2)).waitTime(Duration.ofSeconds(60)).build();

  /** How long a queue entry lives past its waiter's last attempt (RemoteWaiters.ENTRY_TTL). */
  private static final Duration ENTRY_TTL = LockCommands.CONTENDED_MARKER_TTL;
  /** Puts ARGV[1] first in the queue, alive for ARGV[2] ms of server time, as its own attempt would. */
  private static final String DEAD_ENTRY = "local t = redis.call('TIME')"
      + " redis.call('ZADD', KEYS[1], 0, ARGV[1])"
      + " redis.call('HSET', KEYS[2], ARGV[1], tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) + ARGV[2])"
      + " redis.call('PEXPIRE', KEYS[1], ARGV[2]) redis.call('PEXPIRE', KEYS[2], ARGV[2]) return 1";

  private Servers servers;
  private final ExecutorService threads = Executors.newCachedThreadPool();

  @AfterEach
  void stop() throws InterruptedException {
    threads.shutdownNow();
    threads.awaitTermination(10, TimeUnit.SECONDS);
    if (servers != null) {
      servers.close();
    }
  }

  private Servers start(String topology, int count) {
    servers = topology.equals("cluster") ? Servers.onCluster(count) : Servers.onSingleNode(count);
    return servers;
  }

  private static LockNames names(SampleKey key) {
    return LockNames.of(Servers.KEYSPACE, LockOptions.DEFAULT_PURPOSE, key);
  }

  @ParameterizedTest
  @ValueSource(strings = {"single", "cluster"})
  void aReleaseHandsTheLockToTheFirstQueuedWaiterWithOnePublish(String topology) throws Exception {
    start(topology, 4);
    SampleKey key = SampleKey.unique();
    UnifiedJedis redis = servers.client(0);
    Lease held = servers.executor(0).acquire(key, PATIENT);
    List<Future<Lease>> waiting = new ArrayList<>();
    for (int i = 1; i < 4; i++) {
      RedisLockExecutor executor = servers.executor(i);
      waiting.add(threads.submit(() -> executor.acquire(key, PATIENT)));
      int queued = i;
      RedisAwait.until("waiter " + i + " queued", Duration.ofSeconds(20),
          () -> redis.zcard(names(key).waiters()) == queued);
    }
    long publishedBefore = publishes(topology);

    assertThat(held.release()).isTrue();

    Lease first = waiting.get(0).get(20, TimeUnit.SECONDS);
    assertThat(publishes(topology) - publishedBefore).as("one notification, for the queue's head").isEqualTo(1);
    assertThat(first.fencingToken()).isGreaterThan(held.fencingToken());
    assertThat(waiting.get(1).isDone() || waiting.get(2).isDone()).as("the others still wait").isFalse();
    assertThat(redis.zcard(names(key).waiters())).isEqualTo(2);
    long token = first.fencingToken();
    first.release();
    for (int i = 1; i < 3; i++) {
      Lease next = waiting.get(i).get(20, TimeUnit.SECONDS);
      assertThat(next.fencingToken()).as("in queue order, tokens rising").isGreaterThan(token);
      token = next.fencingToken();
      next.release();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"single", "cluster"})
  void aWaiterThatDiedInTheQueueBlocksTheNextNoLongerThanItsEntryLives(String topology) throws Exception {
    start(topology, 2);
    SampleKey key = SampleKey.unique();
    LockNames names = names(key);
    UnifiedJedis redis = servers.client(0);
    Lease held = servers.executor(0).acquire(key, PATIENT);
    Future<Lease> next = threads.submit(() -> servers.executor(1).acquire(key, PATIENT));
    RedisAwait.until("the next waiter queued", Duration.ofSeconds(20), () -> redis.zcard(names.waiters()) == 1);
    // what a process killed while it queued leaves: an entry first in line that nobody refreshes
    String deadOwner = "dead-" + System.nanoTime();
    redis.eval(DEAD_ENTRY, List.of(names.waiters(), names.waiting()),
        List.of(deadOwner, Long.toString(ENTRY_TTL.toMillis())));

    held.release(); // hands the lock to the dead waiter, whose entry still lives

    Lease taken;
    try {
      taken = next.get(20, TimeUnit.SECONDS); // not the lease of two minutes: the entry's life at most
    } catch (TimeoutException e) {
      throw new AssertionError("still waiting; lock " + redis.get(names.lock()) + " pttl " + redis.pttl(names.lock())
          + ", queue " + redis.zrange(names.waiters(), 0, -1) + ", waiting " + redis.hgetAll(names.waiting()), e);
    }
    assertThat(taken.fencingToken()).isGreaterThan(held.fencingToken());
    assertThat(redis.get(names.lock())).isEqualTo(taken.ownerToken());
    taken.release();
  }

  @ParameterizedTest
  @ValueSource(strings = {"single", "cluster"})
  void fourExecutorsShareOneThousandCyclesFairlyWithoutOverlapAndTheQueueIsGoneAfterwards(String topology)
      throws Exception {
    start(topology, 4);
    SampleKey key = SampleKey.unique();
    int cycles = 1000;
    AtomicInteger started = new AtomicInteger();
    AtomicInteger inside = new AtomicInteger();
    AtomicInteger overlaps = new AtomicInteger();
    AtomicLong lastToken = new AtomicLong();
    AtomicInteger fallingTokens = new AtomicInteger();
    int[] turns = new int[4];
    CountDownLatch ready = new CountDownLatch(8);
    List<Future<?>> done = new ArrayList<>();
    for (int e = 0; e < 4; e++) {
      int executor = e;
      for (int t = 0; t < 2; t++) { // two threads each: local handoffs take turns with the queue
        done.add(threads.submit(() -> {
          servers.executor(executor).acquire(SampleKey.unique(), PATIENT).release(); // connected, scripts loaded
          ready.countDown();
          assertThat(ready.await(30, TimeUnit.SECONDS)).as("every thread ready").isTrue();
          while (started.getAndIncrement() < cycles) {
            try (Lease lease = servers.executor(executor).acquire(key, PATIENT)) {
              if (inside.incrementAndGet() != 1) {
                overlaps.incrementAndGet();
              }
              if (lease.fencingToken() <= lastToken.getAndSet(lease.fencingToken())) {
                fallingTokens.incrementAndGet();
              }
              synchronized (turns) {
                turns[executor]++;
              }
              inside.decrementAndGet();
            }
          }
          return null;
        }));
      }
    }
    for (Future<?> future : done) {
      future.get(100, TimeUnit.SECONDS);
    }

    int fewest = Integer.MAX_VALUE;
    int most = 0;
    for (int count : turns) {
      fewest = Math.min(fewest, count);
      most = Math.max(most, count);
    }
    System.out.printf("wake one, %s: turns per executor %s over %d cycles%n", topology,
        Arrays.toString(turns), cycles);
    assertThat(overlaps).hasValue(0);
    assertThat(fallingTokens).hasValue(0);
    assertThat(fewest).as("the slowest executor's share against the fastest's").isGreaterThanOrEqualTo(most / 2);
    UnifiedJedis redis = servers.client(0);
    RedisAwait.until("the queue gone after the contention", Duration.ofSeconds(10),
        () -> !redis.exists(names(key).waiters()) && !redis.exists(names(key).waiting()));
  }

  /** PUBLISH commands so far, from INFO commandstats of every node that takes commands. */
  private static long publishes(String topology) {
    if (!topology.equals("cluster")) {
      try (UnifiedJedis redis = RedisFixture.shared().newClient()) {
        return publishCalls(redis.info("commandstats"));
      }
    }
    long total = 0;
    for (HostAndPort master : RedisClusterFixture.shared().masters()) {
      try (Jedis node = new Jedis(master)) {
        total += publishCalls(node.info("commandstats"));
      }
    }
    return total;
  }

  private static long publishCalls(String commandstats) {
    Matcher stat = Pattern.compile("cmdstat_publish:calls=(\\d+)").matcher(commandstats);
    return stat.find() ? Long.parseLong(stat.group(1)) : 0;
  }
}
