package dev.lockkey.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.Keyspace;
import dev.lockkey.redis.Lease;
import dev.lockkey.redis.LockOptions;
import dev.lockkey.redis.LockTimeoutException;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.RedisUnavailableException;
import dev.lockkey.reliability.specs.StockAdjustmentKey;
import dev.lockkey.testing.RedisClusterFixture;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * A Redis Cluster of three masters with a replica each loses the master that serves some of the
 * keys in use (SIGKILL); its replica takes over once the node timeout expires. Worker threads
 * keep locking all the while through one {@link RedisClusterClient}: calls on the lost master's
 * keys fail with {@link RedisUnavailableException} (or time out behind a lock that the replica
 * inherited) until the failover, then succeed again through the same client and executor; the
 * fencing tokens issued by the new master stay above the old master's, so the guarded resource
 * (on a server of its own) never rejects a current holder and still rejects a stale write.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ClusterFailoverTest {
  private static final Duration NODE_TIMEOUT = Duration.ofSeconds(2);
  private static final Duration CLIENT_TIMEOUT = Duration.ofMillis(500);
  private static final Duration PATIENCE = Duration.ofSeconds(60);
  private static final Duration BACKOFF = Duration.ofMillis(10);
  private static final LockOptions OPTIONS = LockOptions.builder()
      .leaseTime(Duration.ofSeconds(5))
      .waitTime(Duration.ofSeconds(2))
      .build();
  /** The stale holder's lease: long enough to see after the failover whether the new master has its lock. */
  private static final Duration EARLY_LEASE = Duration.ofSeconds(15);
  /**
   * What a failing call may take at most: Jedis' cluster retries (5 attempts within 5 socket
   * timeouts), the last attempt's pool, connect and read timeouts, and room for a loaded machine.
   * Only a hang exceeds it.
   */
  private static final Duration FAILURE_BOUND = CLIENT_TIMEOUT.multipliedBy(10).plusSeconds(3);
  private static final int WORKERS = 4;
  /** The first master serves slots 0 to 5460: the fixture splits the slots evenly in order. */
  private static final int FIRST_MASTER_SLOTS = 16384 / 3;

  private final Keyspace keyspace = UniqueKeyspace.of("failover");
  private final List<StockAdjustmentKey> keys =
      IntStream.range(0, 20).mapToObj(sku -> StockAdjustmentKey.of("central", sku)).toList();
  private final List<StockAdjustmentKey> victims = keys.stream().filter(this::onFirstMaster).toList();
  private volatile boolean stop;
  private volatile long killedAt;
  private final AtomicLong firstVictimLockAfterKill = new AtomicLong();
  private final LongAdder rejected = new LongAdder();
  private final LongAdder timeouts = new LongAdder();
  private final List<Long> failureNanos = new CopyOnWriteArrayList<>();
  private final List<Throwable> unexpected = new CopyOnWriteArrayList<>();

  @Test
  void theExecutorKeepsWorkingThroughTheSameClientAfterAFailover() throws Exception {
    assertThat(victims).as("keys served by the master to be killed").isNotEmpty();
    try (RedisClusterFixture cluster = RedisClusterFixture.builder()
            .masters(3).replicasPerMaster(1).nodeTimeout(NODE_TIMEOUT).start();
        RedisClusterClient client = cluster.newClient(CLIENT_TIMEOUT, CLIENT_TIMEOUT);
        RedisLockExecutor locks = RedisLockExecutor.create(client, keyspace);
        RedisLockExecutor otherApplication = RedisLockExecutor.create(client, keyspace);
        RedisClient resourceClient = RedisFixture.shared().newClient()) {
      FencedStore store = new FencedStore(resourceClient, keyspace);
      ExecutorService pool = Executors.newFixedThreadPool(WORKERS);
      try {
        List<Worker> workers = IntStream.range(0, WORKERS).mapToObj(i -> new Worker(locks, store, "w" + i)).toList();
        List<Future<?>> running = new ArrayList<>();
        workers.forEach(worker -> running.add(pool.submit(worker)));
        await("every worker locks", () -> workers.stream().allMatch(worker -> worker.victimLocks.sum() >= 10));
        StockAdjustmentKey staleKey = victims.get(0);
        Lease early = otherApplication.acquire(staleKey, OPTIONS.toBuilder().leaseTime(EARLY_LEASE).build());
        long earlyAcquiredAt = System.nanoTime();
        assertThat(store.write(staleKey, early.fencingToken(), "early").accepted()).isTrue();

        cluster.killMaster(cluster.masters().get(0)); // returns once the process is gone
        killedAt = System.nanoTime();
        await("the killed master's keys lock again", () -> firstVictimLockAfterKill.get() != 0);
        long failoverNanos = firstVictimLockAfterKill.get() - killedAt;
        String earlyLock = earlyLockAfterFailover(client, early, earlyAcquiredAt);
        cluster.awaitHealthy();
        workers.forEach(Worker::resetVictimLocks);
        await("every worker locks the killed master's keys again",
            () -> workers.stream().allMatch(worker -> worker.victimLocks.sum() >= 10));
        stop = true;
        for (Future<?> worker : running) {
          worker.get(PATIENCE.toMillis(), TimeUnit.MILLISECONDS); // no thread hangs
        }

        Lease successor = otherApplication.acquire(staleKey, OPTIONS.toBuilder().waitTime(PATIENCE).build());
        assertThat(successor.fencingToken()).isGreaterThan(early.fencingToken());
        assertThat(store.write(staleKey, successor.fencingToken(), "successor").accepted()).isTrue();
        assertThat(store.write(staleKey, early.fencingToken(), "early").accepted()).as("a stale write").isFalse();
        assertThat(successor.release()).isTrue();

        assertThat(unexpected).isEmpty();
        assertThat(failureNanos).allSatisfy(nanos -> assertThat(Duration.ofNanos(nanos)).isLessThanOrEqualTo(FAILURE_BOUND));
        assertThat(rejected.sum()).as("writes rejected although their holder held the lock").isZero();

        List<Long> sorted = failureNanos.stream().sorted().toList();
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("nodeTimeoutMillis", NODE_TIMEOUT.toMillis());
        figures.put("failoverMillis", TimeUnit.NANOSECONDS.toMillis(failoverNanos));
        figures.put("failedCalls", sorted.size());
        figures.put("failureMaxMillis", sorted.isEmpty() ? 0 : TimeUnit.NANOSECONDS.toMillis(sorted.get(sorted.size() - 1)));
        figures.put("failureBoundMillis", FAILURE_BOUND.toMillis());
        figures.put("timeouts", timeouts.sum());
        figures.put("locks", workers.stream().mapToLong(worker -> worker.locks.sum()).sum());
        figures.put("earlyLockAfterFailover", earlyLock);
        Figures.record("failover", figures);
      } finally {
        stop = true;
        pool.shutdownNow();
        assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
      }
    }
  }

  /**
   * What the new master knows of a lock granted by the old one: {@code kept} when it was
   * replicated before the kill, {@code lost} when not (asynchronous replication), {@code expired}
   * when its lease ran out meanwhile, so that nothing can be told.
   */
  private String earlyLockAfterFailover(RedisClusterClient client, Lease early, long acquiredAt)
      throws InterruptedException {
    String[] owner = new String[1];
    await("the new master answers", () -> {
      try {
        owner[0] = client.get(keyspace.fullKey("lock", early.key()));
        return true;
      } catch (JedisException stillFailingOver) {
        return false;
      }
    });
    if (early.ownerToken().equals(owner[0])) {
      return "kept";
    }
    return System.nanoTime() - acquiredAt < EARLY_LEASE.toNanos() ? "lost" : "expired";
  }

  private boolean onFirstMaster(StockAdjustmentKey key) {
    return JedisClusterCRC16.getSlot(keyspace.fullKey("lock", key)) < FIRST_MASTER_SLOTS;
  }

  private static void await(String what, BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within " + PATIENCE + ": " + what);
      }
      Thread.sleep(10);
    }
  }

  /** Locks random keys until told to stop, writing to the fenced store inside each lock. */
  private final class Worker implements Runnable {
    final LongAdder locks = new LongAdder();
    final LongAdder victimLocks = new LongAdder();
    private final RedisLockExecutor executor;
    private final FencedStore store;
    private final String name;

    Worker(RedisLockExecutor executor, FencedStore store, String name) {
      this.executor = executor;
      this.store = store;
      this.name = name;
    }

    void resetVictimLocks() {
      victimLocks.reset();
    }

    @Override
    public void run() {
      while (!stop) {
        StockAdjustmentKey key = keys.get(ThreadLocalRandom.current().nextInt(keys.size()));
        long start = System.nanoTime();
        try {
          Lease lease = executor.acquire(key, OPTIONS);
          if (!store.write(key, lease.fencingToken(), name).accepted()) {
            rejected.increment();
          }
          lease.release();
          locks.increment();
          if (victims.contains(key)) {
            victimLocks.increment();
            if (killedAt != 0 && start > killedAt) {
              firstVictimLockAfterKill.compareAndSet(0, System.nanoTime());
            }
          }
        } catch (RedisUnavailableException e) {
          failureNanos.add(System.nanoTime() - start);
          LockSupport.parkNanos(BACKOFF.toNanos());
        } catch (LockTimeoutException e) {
          timeouts.increment(); // behind a lock the replica inherited from a holder whose release failed
        } catch (RuntimeException | Error e) {
          unexpected.add(e);
        }
      }
    }
  }
}
