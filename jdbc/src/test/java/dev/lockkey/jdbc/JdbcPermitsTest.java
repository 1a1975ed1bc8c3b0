package dev.lockkey.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.ContractKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.permit.PermitOptions;
import dev.lockkey.testing.OverlapCounter;
import dev.lockkey.testing.TcpProxy;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.HostAndPort;

/**
 * Permits on a real PostgreSQL, in the shape of lockkey-redis' {@code RedisPermitsTest}: at most N
 * holders (counted by the test, across executors), tokens rising, N changed while held, a holder
 * that dies (closed unreleased, or cut off the network) freeing its permit by its lease.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class JdbcPermitsTest {
  private static final TestPostgres postgres = TestPostgres.shared();
  private static final DataSource pool = TestPostgres.sharedPool();

  private final Keyspace keyspace = SharedLockTables.keyspace("p");
  private final ContractKey key = ContractKey.of("pool", "1");
  private final List<JdbcPermits> opened = new ArrayList<>();

  @AfterEach
  void close() {
    opened.forEach(JdbcPermits::close);
  }

  @Test
  void atMostNHoldersAndAFreedPermitIsTakenAgainWithAHigherToken() {
    JdbcPermits permits = permits(pool);
    PermitOptions three = PermitOptions.of(3);
    List<Lease> held = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      held.add(permits.tryAcquire(key, three).orElseThrow());
    }
    assertThat(permits.tryAcquire(key, three)).isEmpty();
    assertThat(held).extracting(Lease::fencingToken).isSorted().doesNotHaveDuplicates();

    assertThat(held.get(0).release()).isTrue();
    Lease again = permits.tryAcquire(key, three).orElseThrow();
    assertThat(again.fencingToken()).isGreaterThan(held.get(2).fencingToken());
    assertThat(again.release()).isTrue();
    assertThat(again.release()).as("released before").isFalse();
    held.subList(1, 3).forEach(Lease::release);
    assertThat(SharedLockTables.liveRows(pool, keyspace.fullKey("permits", key))).isZero();
  }

  @Test
  void changingNWhileHeldTakesNothingAwayAndAdmitsByTheCallersN() {
    JdbcPermits permits = permits(pool);
    List<Lease> held = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      held.add(permits.tryAcquire(key, PermitOptions.of(3)).orElseThrow());
    }
    assertThat(permits.tryAcquire(key, PermitOptions.of(2))).as("lowered below what is held").isEmpty();
    assertThat(held).allSatisfy(lease -> assertThat(lease.isLost()).isFalse());
    Lease fourth = permits.tryAcquire(key, PermitOptions.of(4)).orElseThrow();
    assertThat(permits.tryAcquire(key, PermitOptions.of(4))).isEmpty();
    held.get(0).release();
    assertThat(permits.tryAcquire(key, PermitOptions.of(3))).as("3 still held, N lowered to 3").isEmpty();
    held.get(1).release();
    assertThat(permits.tryAcquire(key, PermitOptions.of(3))).as("2 held now").isPresent().get()
        .satisfies(Lease::release);

    held.get(2).release();
    fourth.release();
  }

  /** Three executors on pools of their own, four threads each: never more than N inside, by the test's count. */
  @Test
  void neverMoreThanNHoldersAcrossThreeExecutorsOfFourThreads() throws Exception {
    int n = 3;
    PermitOptions options = PermitOptions.builder().permits(n)
        .lease(LockOptions.builder().leaseTime(Duration.ofSeconds(10)).waitTime(Duration.ofSeconds(60)).build())
        .build();
    List<JdbcPermits> three = List.of(permits(postgres.pool(4)), permits(postgres.pool(4)), permits(postgres.pool(4)));
    OverlapCounter inside = new OverlapCounter();
    ConcurrentLinkedQueue<Long> tokens = new ConcurrentLinkedQueue<>();
    int cycles = 8;
    ExecutorService threads = Executors.newFixedThreadPool(12);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < 12; t++) {
        JdbcPermits permits = three.get(t % 3);
        done.add(threads.submit(() -> {
          start.await();
          for (int i = 0; i < cycles; i++) {
            permits.withPermit(key, options, lease -> {
              tokens.add(lease.fencingToken());
              return inside.call(() -> {
                pause(5);
                return null;
              });
            });
          }
          return null;
        }));
      }
      start.countDown();
      for (Future<?> future : done) {
        future.get(100, TimeUnit.SECONDS);
      }
    } finally {
      threads.shutdownNow();
    }
    assertThat(inside.max()).as("most holders at once").isLessThanOrEqualTo(n).isGreaterThan(1);
    assertThat(inside.entries()).isEqualTo(12 * cycles);
    assertThat(tokens).as("one token per permit").doesNotHaveDuplicates().hasSize(12 * cycles);
  }

  /** A holder whose process "dies": its permits closed unreleased, renewals stop; the permit comes back by its lease. */
  @Test
  void aDeadHoldersPermitComesBackWhenItsLeaseEndsByTheDatabasesClock() {
    Duration lease = Duration.ofSeconds(2);
    PermitOptions one = PermitOptions.builder().permits(1)
        .lease(LockOptions.builder().leaseTime(lease).renewal(true).waitTime(Duration.ofSeconds(30)).build()).build();
    JdbcPermits dying = JdbcLockExecutor.builder(postgres.pool(2), keyspace).buildPermits();
    Lease crashed = dying.acquire(key, one);
    pause(lease.toMillis() + 500); // renewed past its first lease: alive
    assertThat(permits(pool).tryAcquire(key, one)).as("a live holder keeps its permit").isEmpty();

    dying.close(); // renewals stop, nothing is released
    long diedNanos = System.nanoTime();
    Lease next = permits(pool).acquire(key, one);
    long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - diedNanos);
    assertThat(tookMillis).as("ms until the permit came back").isLessThan(lease.toMillis() + 5_000);
    assertThat(next.fencingToken()).isGreaterThan(crashed.fencingToken());
    next.release();
  }

  /** A holder cut off the database (its connections reset, new ones refused) loses its permit; another gets it. */
  @Test
  void aHolderCutOffTheDatabaseLosesItsPermitAndAnotherGetsItWithAHigherToken() {
    Duration lease = Duration.ofSeconds(2);
    PermitOptions one = PermitOptions.builder().permits(1)
        .lease(LockOptions.builder().leaseTime(lease).renewal(true).waitTime(Duration.ofSeconds(30)).build()).build();
    try (TcpProxy proxy = TcpProxy.start(new HostAndPort("127.0.0.1", postgres.port()))) {
      JdbcPermits cut = permits(JdbcLockExecutor.builder(postgres.pool(proxy.port(), 2), keyspace)
          .operationTimeout(Duration.ofMillis(500)));
      Lease held = cut.acquire(key, one);
      proxy.resetConnections();
      proxy.refuseConnections();
      long cutNanos = System.nanoTime();

      Lease next = permits(pool).acquire(key, one);
      long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cutNanos);
      assertThat(tookMillis).as("ms until the permit came back").isLessThan(lease.toMillis() + 5_000);
      assertThat(next.fencingToken()).isGreaterThan(held.fencingToken());
      for (int i = 0; i < 500 && !held.isLost(); i++) {
        pause(10);
      }
      assertThat(held.isLost()).as("the cut holder knows it lost its permit").isTrue();
      next.release();
    }
  }

  @Test
  void aWaiterThatTimesOutLeavesTheQueueAndHoldsUpNobody() {
    JdbcPermits permits = permits(pool);
    PermitOptions one = PermitOptions.builder().permits(1)
        .lease(LockOptions.builder().waitTime(Duration.ofMillis(300)).build()).build();
    Lease held = permits.acquire(key, one);
    assertThatThrownBy(() -> permits.acquire(key, one)).isInstanceOf(LockTimeoutException.class);
    held.release();
    Lease free = permits.tryAcquire(key, one).orElseThrow(() -> new AssertionError("the timed-out waiter holds up"));
    free.release();
    assertThat(SharedLockTables.liveRows(pool, keyspace.fullKey("permits", key))).isZero();
  }

  /**
   * Six threads wait on a pool of two connections, one of them the listener's: a waiter that kept
   * a connection between its attempts would leave none for the holder's release.
   */
  @Test
  void waitersHoldNoConnectionBetweenTheirAttempts() throws Exception {
    JdbcPermits permits = permits(postgres.pool(2));
    PermitOptions one = PermitOptions.builder().permits(1)
        .lease(LockOptions.builder().leaseTime(Duration.ofSeconds(30)).waitTime(Duration.ofSeconds(60)).build())
        .build();
    Lease held = permits.acquire(key, one);
    OverlapCounter inside = new OverlapCounter();
    ExecutorService threads = Executors.newFixedThreadPool(6);
    try {
      List<Future<?>> waiters = new ArrayList<>();
      for (int t = 0; t < 6; t++) {
        waiters.add(threads.submit(() -> permits.withPermit(key, one, lease -> inside.call(() -> lease))));
      }
      SharedLockTables.awaitQueued(pool, keyspace.fullKey("permits", key), 6);
      pause(500); // all of them between two attempts
      held.release();
      for (Future<?> waiter : waiters) {
        waiter.get(60, TimeUnit.SECONDS);
      }
    } finally {
      threads.shutdownNow();
    }
    assertThat(inside.entries()).isEqualTo(6);
    assertThat(inside.max()).isEqualTo(1);
  }

  /** A caller that does not wait gets no permit while others queue for it, though one is free for them. */
  @Test
  void tryAcquireGetsNothingWhileOthersQueue() throws Exception {
    JdbcPermits permits = permits(pool);
    PermitOptions one = PermitOptions.builder().permits(1)
        .lease(LockOptions.builder().leaseTime(Duration.ofSeconds(30)).waitTime(Duration.ofSeconds(60)).build())
        .build();
    Lease held = permits.acquire(key, one);
    ExecutorService thread = Executors.newSingleThreadExecutor();
    try {
      Future<Lease> waiter = thread.submit(() -> permits.acquire(key, one));
      SharedLockTables.awaitQueued(pool, keyspace.fullKey("permits", key), 1);
      assertThat(permits.tryAcquire(key, PermitOptions.of(2))).as("one of 2 free, and one waiter queues for it")
          .isEmpty();
      held.release();
      Lease next = waiter.get(30, TimeUnit.SECONDS);
      assertThat(next.fencingToken()).isGreaterThan(held.fencingToken());
      next.release();
    } finally {
      thread.shutdownNow();
    }
  }

  /** A release and a waiter's leaving the queue notify the key's waiters (what ends their pause). */
  @Test
  void aReleaseNotifiesTheKeysWaiters() throws Exception {
    JdbcPermits permits = permits(pool);
    PostgresDialect dialect = new PostgresDialect();
    String fullKey = keyspace.fullKey("permits", key);
    try (Connection listening = pool.getConnection()) {
      dialect.listen(listening);
      try {
        permits.tryAcquire(key, PermitOptions.of(1)).orElseThrow().release();
        assertThat(dialect.awaitReleases(listening, 5_000)).contains(fullKey);
      } finally {
        dialect.unlisten(listening);
      }
    }
  }

  private JdbcPermits permits(DataSource dataSource) {
    return permits(JdbcLockExecutor.builder(dataSource, keyspace));
  }

  private JdbcPermits permits(JdbcLockExecutorBuilder builder) {
    JdbcPermits permits = builder.buildPermits();
    opened.add(permits);
    return permits;
  }

  private static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
