package dev.lockkey.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.RedisUnavailableException;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.reliability.LockingWorkers.Call;
import dev.lockkey.reliability.specs.StockAdjustmentKey;
import dev.lockkey.testing.RedisClusterFixture;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
 * inherited from a holder whose release failed) until the failover, then succeed again through
 * the same client and executor; the fencing tokens issued by the new master stay above the old
 * master's, so the guarded resource (on a server of its own) never rejects a current holder and
 * still rejects a stale write.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ClusterFailoverTest {
  private static final Duration NODE_TIMEOUT = Duration.ofSeconds(2);
  private static final Duration CLIENT_TIMEOUT = Duration.ofMillis(500);
  private static final Duration PATIENCE = Duration.ofSeconds(60);
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
  /** The first master serves slots 0 to 5460: the fixture splits the slots evenly in order. */
  private static final int FIRST_MASTER_SLOTS = 16384 / 3;

  private final Keyspace keyspace = UniqueKeyspace.of("failover");
  private final List<StockAdjustmentKey> keys =
      IntStream.range(0, 20).mapToObj(sku -> StockAdjustmentKey.of("central", sku)).toList();
  private final List<StockAdjustmentKey> victims = keys.stream().filter(this::onFirstMaster).toList();

  @Test
  void theExecutorKeepsWorkingThroughTheSameClientAfterAFailover() throws Exception {
    assertThat(victims).as("keys served by the master to be killed").isNotEmpty();
    try (RedisClusterFixture cluster = RedisClusterFixture.builder()
            .masters(3).replicasPerMaster(1).nodeTimeout(NODE_TIMEOUT).start();
        RedisClusterClient client = cluster.newClient(CLIENT_TIMEOUT, CLIENT_TIMEOUT);
        RedisLockExecutor locks = RedisLockExecutor.create(JedisConnection.of(client), keyspace);
        RedisLockExecutor otherApplication = RedisLockExecutor.create(JedisConnection.of(client), keyspace);
        RedisClient resourceClient = RedisFixture.shared().newClient()) {
      FencedStore store = new FencedStore(resourceClient, keyspace);
      try (LockingWorkers workers = new LockingWorkers(locks, store, keys, OPTIONS, 4)) {
        runThroughAFailover(cluster, client, workers, otherApplication, store);
      }
    }
  }

  private void runThroughAFailover(RedisClusterFixture cluster, RedisClusterClient client, LockingWorkers workers,
      RedisLockExecutor otherApplication, FencedStore store) throws Exception {
    Await.until("every worker locks", PATIENCE, () -> workers.eachMade(10, this::victimLocked));
    StockAdjustmentKey staleKey = victims.get(0);
    Lease early = otherApplication.acquire(staleKey, OPTIONS.toBuilder().leaseTime(EARLY_LEASE).build());
    long earlyAcquiredAt = System.nanoTime();
    assertThat(store.write(staleKey, early.fencingToken(), "early").accepted()).isTrue();

    cluster.killMaster(cluster.masters().get(0)); // returns once the process is gone
    long killedAt = System.nanoTime();
    Await.until("the killed master's keys lock again", PATIENCE,
        () -> workers.calls().stream().anyMatch(call -> call.startNanos() > killedAt && victimLocked(call)));
    String earlyLock = earlyLockAfterFailover(client, early, earlyAcquiredAt);
    cluster.awaitHealthy();
    Await.until("every worker locks the killed master's keys again", PATIENCE,
        () -> workers.eachMade(10, call -> call.startNanos() > killedAt && victimLocked(call)));
    workers.stop(FAILURE_BOUND.plus(OPTIONS.waitTime())); // no thread hangs

    // this thread still holds the early lease in that executor: another thread queues behind it until it ran out
    Lease successor = OnAnotherThread.call(() -> otherApplication.acquire(staleKey, OPTIONS.toBuilder()
        .waitTime(PATIENCE).build()), PATIENCE.multipliedBy(2));
    assertThat(successor.fencingToken()).isGreaterThan(early.fencingToken());
    assertThat(store.write(staleKey, successor.fencingToken(), "successor").accepted()).isTrue();
    assertThat(store.write(staleKey, early.fencingToken(), "early").accepted()).as("a stale write").isFalse();
    assertThat(successor.release()).isTrue();

    List<Call> calls = workers.calls();
    List<Call> failures = calls.stream().filter(call -> !call.succeeded()).toList();
    assertThat(failures).allSatisfy(call -> {
      assertThat(call.failure()).isInstanceOfAny(RedisUnavailableException.class, LockTimeoutException.class);
      assertThat(Duration.ofNanos(call.nanos())).isLessThanOrEqualTo(FAILURE_BOUND.plus(OPTIONS.waitTime()));
    });
    assertThat(calls).filteredOn(Call::rejected).as("writes rejected although their holder held the lock").isEmpty();

    long failoverNanos = calls.stream().filter(call -> call.startNanos() > killedAt && victimLocked(call))
        .mapToLong(Call::endNanos).min().orElseThrow() - killedAt;
    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("nodeTimeoutMillis", NODE_TIMEOUT.toMillis());
    figures.put("failoverMillis", TimeUnit.NANOSECONDS.toMillis(failoverNanos));
    List<Call> unavailable = failures.stream()
        .filter(call -> call.failure() instanceof RedisUnavailableException).toList();
    figures.put("unavailable", unavailable.size());
    figures.put("unavailableMaxMillis",
        unavailable.stream().mapToLong(call -> TimeUnit.NANOSECONDS.toMillis(call.nanos())).max().orElse(0));
    figures.put("failureBoundMillis", FAILURE_BOUND.toMillis());
    figures.put("timeouts", failures.stream().filter(call -> call.failure() instanceof LockTimeoutException).count());
    figures.put("locks", calls.stream().filter(Call::succeeded).count());
    figures.put("earlyLockAfterFailover", earlyLock);
    Figures.record("failover", figures);
  }

  private boolean victimLocked(Call call) {
    return call.succeeded() && victims.contains(call.key());
  }

  /**
   * What the new master knows of a lock granted by the old one: {@code kept} when it was
   * replicated before the kill, {@code lost} when not (asynchronous replication), {@code expired}
   * when its lease ran out meanwhile, so that nothing can be told.
   */
  private String earlyLockAfterFailover(RedisClusterClient client, Lease early, long acquiredAt)
      throws InterruptedException {
    String[] owner = new String[1];
    Await.until("the new master answers", PATIENCE, () -> {
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
}
