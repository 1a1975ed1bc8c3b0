package dev.lockkey.redis.permit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.permit.PermitOptions;
import dev.lockkey.redis.TestKey;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.params.ScanParams;

/** Permits on a real Redis server: at most N holders, fairness, leases of crashed holders, N changed. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class RedisPermitsTest {
  private final Keyspace keyspace = Keyspace.of("p" + UUID.randomUUID().toString().substring(0, 8));
  private final TestKey key = TestKey.of("pool", 1);
  private RedisClient client;
  private RedisPermits permits;

  @BeforeEach
  void start() {
    client = RedisFixture.shared().newClient();
    permits = RedisPermits.create(JedisConnection.of(client), keyspace);
  }

  @AfterEach
  void stop() {
    permits.close();
    client.close();
  }

  @Test
  void atMostNHoldersAndAFreedPermitIsTakenAgainWithAHigherToken() {
    PermitOptions three = PermitOptions.of(3);
    List<Lease> held = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      held.add(permits.tryAcquire(key, three).orElseThrow());
    }
    assertThat(permits.tryAcquire(key, three)).isEmpty();
    assertThat(held.get(1).fencingToken()).isGreaterThan(held.get(0).fencingToken());
    assertThat(held.get(2).fencingToken()).isGreaterThan(held.get(1).fencingToken());

    assertThat(held.get(0).release()).isTrue();
    Lease again = permits.tryAcquire(key, three).orElseThrow();
    assertThat(again.fencingToken()).isGreaterThan(held.get(2).fencingToken());
    assertThat(again.release()).isTrue();
    assertThat(again.release()).as("released before").isFalse();
    held.subList(1, 3).forEach(Lease::release);
  }

  @Test
  void changingNWhileHeldTakesNothingAwayAndAdmitsByTheCallersN() {
    List<Lease> held = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      held.add(permits.tryAcquire(key, PermitOptions.of(3)).orElseThrow());
    }
    assertThat(permits.tryAcquire(key, PermitOptions.of(2))).as("lowered below what is held").isEmpty();
    assertThat(held).allSatisfy(lease -> assertThat(lease.isLost()).isFalse());
    Lease fourth = permits.tryAcquire(key, PermitOptions.of(4)).orElseThrow();
    assertThat(permits.tryAcquire(key, PermitOptions.of(4))).isEmpty();

    held.forEach(Lease::release);
    fourth.release();
  }

  @Test
  void aCrashedHoldersPermitComesBackWhenItsLeaseEnds() {
    PermitOptions one = PermitOptions.builder().permits(1)
        .lease(LockOptions.builder().leaseTime(Duration.ofMillis(800)).renewal(true).waitTime(Duration.ofSeconds(20))
            .build()).build();
    try (RedisClient otherClient = RedisFixture.shared().newClient();
        RedisPermits crashing = RedisPermits.create(JedisConnection.of(otherClient), keyspace)) {
      crashing.acquire(key, one);
      crashing.close(); // renewals stop, nothing is released: the permit is held until its lease ends
    }
    Lease next = permits.acquire(key, one);
    assertThat(next.isLost()).isFalse();
    next.release();
  }

  @Test
  void waitersTakePermitsInTheOrderTheyCameAndNeverMoreThanNAreInside() throws Exception {
    int n = 2;
    PermitOptions options = PermitOptions.builder().permits(n)
        .lease(LockOptions.builder().leaseTime(Duration.ofSeconds(5)).waitTime(Duration.ofSeconds(60)).build())
        .build();
    AtomicInteger inside = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    AtomicInteger entries = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> threads = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        threads.add(pool.submit(() -> {
          for (int i = 0; i < 15; i++) {
            permits.withPermit(key, options, lease -> {
              int now = inside.incrementAndGet();
              most.accumulateAndGet(now, Math::max);
              Thread.sleep(2);
              inside.decrementAndGet();
              entries.incrementAndGet();
              return null;
            });
          }
          return null;
        }));
      }
      for (Future<?> thread : threads) {
        thread.get(90, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(most.get()).isLessThanOrEqualTo(n).isPositive();
    assertThat(entries.get()).isEqualTo(8 * 15);
  }

  @Test
  void aWaiterThatTimesOutLeavesTheQueueAndNoKeyIsLeftButTheDocumentedOnes() {
    PermitOptions one = PermitOptions.builder().permits(1)
        .lease(LockOptions.builder().waitTime(Duration.ofMillis(300)).build()).build();
    Lease held = permits.acquire(key, one);
    assertThatThrownBy(() -> permits.acquire(key, one)).isInstanceOf(LockTimeoutException.class);
    Optional<Lease> free = Optional.empty();
    held.release();
    free = permits.tryAcquire(key, one);
    assertThat(free).as("the timed-out waiter holds up nobody").isPresent();
    free.get().release();

    assertThat(keysOf(key)).containsExactlyInAnyOrder(
        keyspace.fullKey("permits-fence", key), keyspace.fullKey("permits-releaser", key));
  }

  private Set<String> keysOf(TestKey key) {
    Set<String> keys = new TreeSet<>();
    ScanParams match = new ScanParams().match("*" + keyspace.env() + ":{" + key.canonical() + "}").count(1000);
    String cursor = ScanParams.SCAN_POINTER_START;
    do {
      var page = client.scan(cursor, match);
      keys.addAll(page.getResult());
      cursor = page.getCursor();
    } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
    return keys;
  }
}
