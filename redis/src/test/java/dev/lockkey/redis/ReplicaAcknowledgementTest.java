package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.LockKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.testing.RedisNode;
import dev.lockkey.testing.RedisReplicationFixture;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.RedisClient;

/** Opt-in replica acknowledgement of an executor (WAIT on the script's connection) on a primary with one replica. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ReplicaAcknowledgementTest {
  private static final Duration TIMEOUT = Duration.ofMillis(300);

  private static RedisReplicationFixture pair;
  private RedisClient client;
  private RedisConnection port;
  private RedisLockExecutor locks;

  @BeforeAll
  static void start() {
    pair = RedisReplicationFixture.start();
  }

  @AfterAll
  static void stop() {
    pair.close();
  }

  /** An executor whose locks need {@code replicas} acknowledgements within {@link #TIMEOUT}. */
  private void connect(int replicas) {
    client = pair.primary().newClient();
    port = openPort(pair.primary());
    locks = RedisLockExecutor.builder(port, Servers.KEYSPACE).replicas(replicas, TIMEOUT).build();
  }

  /** The port the executor under test uses on {@code primary}: Jedis here, another client's in a subclass. */
  RedisConnection openPort(RedisNode primary) {
    return JedisConnection.of(client);
  }

  /** Closes what {@link #openPort} opened. */
  void closePort(RedisConnection port) {}

  @AfterEach
  void close() {
    if (pair.replica().isPaused()) {
      pair.replica().resume();
    }
    if (locks != null) {
      locks.close();
      closePort(port);
      client.close();
    }
  }

  @Test
  void oneReplicaAcknowledgesAcquireAndExtend() {
    connect(1);
    SampleKey key = SampleKey.unique();
    Lease lease = locks.acquire(key);
    assertThat(lease.extend(Duration.ofSeconds(60))).isTrue();
    assertThat(lease.release()).isTrue();
  }

  @Test
  void withTheReplicaPausedTheAcquireFailsAfterTheTimeoutAndReleasesTheLock() {
    connect(1);
    SampleKey key = SampleKey.unique();
    String fullKey = Servers.KEYSPACE.fullKey(LockOptions.DEFAULT_PURPOSE, key);
    pair.replica().pause();

    long start = System.nanoTime();
    assertThatThrownBy(() -> locks.acquire(key))
        .isInstanceOfSatisfying(ReplicationException.class, e -> {
          assertThat(e.asked()).isEqualTo(1);
          assertThat(e.acknowledged()).isZero();
          assertThat(e.fullKey()).isEqualTo(fullKey);
          assertThat(e.getMessage()).contains(fullKey, "0 of the 1 replicas", "300 ms", "released");
        });
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(TIMEOUT);
    assertThat(client.exists(fullKey)).as("released on the primary").isFalse();
    pair.replica().resume();
    assertThat(locks.tryAcquire(key)).as("free for others").isPresent().get().satisfies(Lease::release);
  }

  @Test
  void withTheReplicaPausedAnExtendFails() {
    connect(1);
    SampleKey key = SampleKey.unique();
    Lease lease = locks.acquire(key);
    pair.replica().pause();

    assertThatThrownBy(() -> lease.extend(Duration.ofSeconds(60)))
        .isInstanceOfSatisfying(ReplicationException.class, e -> {
          assertThat(e.acknowledged()).isZero();
          assertThat(e.getMessage()).contains("extension", lease.fullKey()).doesNotContain(lease.ownerToken());
        });
    pair.replica().resume();
    assertThat(lease.release()).isTrue();
  }

  @Test
  void aLocalWaiterTakesTheReleasedLockItselfSoThatReplicasAcknowledgeIt() throws Exception {
    connect(1);
    SampleKey key = SampleKey.unique();
    Lease holder = locks.acquire(key);
    CompletableFuture<Lease> waiter = CompletableFuture.supplyAsync(() -> locks.acquire(key));
    Thread.sleep(200); // queued behind the holder in this executor

    assertThat(holder.release()).isTrue();

    Lease next = waiter.get(10, TimeUnit.SECONDS);
    assertThat(next.fencingToken()).isGreaterThan(holder.fencingToken());
    assertThat(client.get(next.fullKey())).isEqualTo(next.ownerToken());
    assertThat(next.release()).isTrue();
  }

  @Test
  void aRenewalAsksForReplicasToo() throws Exception {
    client = pair.primary().newClient();
    port = openPort(pair.primary());
    CompletableFuture<LockException> error = new CompletableFuture<>();
    locks = RedisLockExecutor.builder(port, Servers.KEYSPACE).replicas(1, Duration.ofMillis(100)).listener(
        new LockListener() {
          @Override
          public void onError(LockKey key, LockException e) {
            error.complete(e);
          }
        }).build();
    Lease lease = locks.acquire(SampleKey.unique(), LockOptions.builder().leaseTime(Duration.ofSeconds(3)).renewal(true)
        .build());
    pair.replica().pause();

    assertThat(error.get(10, TimeUnit.SECONDS)).isInstanceOf(ReplicationException.class)
        .hasMessageContaining("extension");
    pair.replica().resume();
    assertThat(lease.release()).isTrue();
  }

  @Test
  void withoutTheOptionNothingWaitsForReplicas() {
    connect(0);
    pair.replica().pause();
    SampleKey key = SampleKey.unique();
    Lease lease = locks.acquire(key);
    assertThat(lease.extend(Duration.ofSeconds(60))).isTrue();
    assertThat(lease.release()).isTrue();
  }

  @Test
  void theOptionIsValidated() {
    client = pair.primary().newClient();
    RedisLockExecutorBuilder builder = RedisLockExecutor.builder(JedisConnection.of(client), Servers.KEYSPACE);
    assertThatThrownBy(() -> builder.replicas(-1, TIMEOUT)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("replicas");
    assertThatThrownBy(() -> builder.replicas(1, Duration.ZERO).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("replicaTimeout");
    assertThatThrownBy(() -> builder.replicas(1, Duration.ofMinutes(2)).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("replicaTimeout");
    client.close();
  }
}
