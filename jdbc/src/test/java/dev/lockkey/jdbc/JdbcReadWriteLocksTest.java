package dev.lockkey.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.ContractKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LeaseLostException;
import dev.lockkey.lock.LockOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Read/write locks on a real PostgreSQL, in the shape of lockkey-redis' {@code RedisReadWriteLocksTest}:
 * readers overlap, a writer overlaps nobody, a queued writer blocks new readers and gets in behind a
 * continuous stream of readers within a bound, writers' tokens rise, a dead writer frees by its lease.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class JdbcReadWriteLocksTest {
  private static final LockOptions OPTIONS = LockOptions.builder().leaseTime(Duration.ofSeconds(10))
      .waitTime(Duration.ofSeconds(60)).build();

  private static final TestPostgres postgres = TestPostgres.shared();
  private static final DataSource pool = TestPostgres.sharedPool();

  private final Keyspace keyspace = SharedLockTables.keyspace("rw");
  private final ContractKey key = ContractKey.of("doc", "7");
  private final List<JdbcReadWriteLocks> opened = new ArrayList<>();

  @AfterEach
  void close() {
    opened.forEach(JdbcReadWriteLocks::close);
  }

  @Test
  void readersShareAndAWriterIsAlone() {
    JdbcReadWriteLocks locks = locks(pool);
    Lease first = locks.tryRead(key, OPTIONS).orElseThrow();
    Lease second = locks.tryRead(key, OPTIONS).orElseThrow();
    assertThat(locks.tryWrite(key, OPTIONS)).isEmpty();
    first.release();
    second.release();

    Lease writer = locks.tryWrite(key, OPTIONS).orElseThrow();
    assertThat(writer.fencingToken()).isGreaterThan(second.fencingToken());
    assertThat(locks.tryRead(key, OPTIONS)).isEmpty();
    assertThat(locks.tryWrite(key, OPTIONS)).isEmpty();
    writer.release();
    Lease next = locks.tryWrite(key, OPTIONS).orElseThrow();
    assertThat(next.fencingToken()).isGreaterThan(writer.fencingToken());
    next.release();
  }

  @Test
  void aQueuedWriterBlocksNewReaders() throws Exception {
    JdbcReadWriteLocks locks = locks(pool);
    Lease reader = locks.tryRead(key, OPTIONS).orElseThrow();
    ExecutorService thread = Executors.newSingleThreadExecutor();
    try {
      Future<Lease> writer = thread.submit(() -> locks.write(key, OPTIONS));
      SharedLockTables.awaitQueued(pool, keyspace.fullKey("rw", key), 1);
      assertThat(locks.tryRead(key, OPTIONS)).as("a reader behind a queued writer").isEmpty();
      reader.release();
      Lease written = writer.get(30, TimeUnit.SECONDS);
      assertThat(written.fencingToken()).isGreaterThan(reader.fencingToken());
      written.release();
    } finally {
      thread.shutdownNow();
    }
  }

  /** Readers of two executors overlap all the time; a writer of a third gets in within a bound. */
  @Test
  void aWriterBehindAContinuousStreamOfReadersGetsInWithinABound() throws Exception {
    List<JdbcReadWriteLocks> readersLocks = List.of(locks(postgres.pool(4)), locks(postgres.pool(4)));
    JdbcReadWriteLocks writerLocks = locks(postgres.pool(2));
    AtomicBoolean reading = new AtomicBoolean(true);
    AtomicInteger reads = new AtomicInteger();
    AtomicInteger readersInside = new AtomicInteger();
    ExecutorService threads = Executors.newFixedThreadPool(7);
    try {
      List<Future<?>> readers = new ArrayList<>();
      for (int t = 0; t < 6; t++) {
        JdbcReadWriteLocks locks = readersLocks.get(t % 2);
        readers.add(threads.submit(() -> {
          while (reading.get()) {
            locks.withRead(key, OPTIONS, lease -> {
              readersInside.incrementAndGet();
              reads.incrementAndGet();
              Thread.sleep(50);
              readersInside.decrementAndGet();
              return null;
            });
          }
          return null;
        }));
      }
      while (reads.get() < 30) {
        Thread.sleep(10);
      }
      // readers overlap all the time now; with the writer queued, those inside drain and it gets in
      long startNanos = System.nanoTime();
      Lease writer = threads.submit(() -> writerLocks.write(key, OPTIONS)).get(30, TimeUnit.SECONDS);
      long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
      assertThat(readersInside.get()).as("readers inside with the writer").isZero();
      writer.release();
      assertThat(tookMillis).as("ms the writer waited behind readers holding 50 ms each").isLessThan(5_000);
      reading.set(false);
      for (Future<?> reader : readers) {
        reader.get(30, TimeUnit.SECONDS);
      }
    } finally {
      reading.set(false);
      threads.shutdownNow();
    }
  }

  /** Three executors, two writer and two reader threads each. */
  @Test
  void writersNeverOverlapAnyoneReadersOverlapAndWritersTokensRise() throws Exception {
    List<JdbcReadWriteLocks> three = List.of(locks(postgres.pool(4)), locks(postgres.pool(4)), locks(postgres.pool(4)));
    AtomicInteger readers = new AtomicInteger();
    AtomicInteger writers = new AtomicInteger();
    AtomicInteger mostReaders = new AtomicInteger();
    AtomicInteger overlaps = new AtomicInteger();
    ConcurrentLinkedQueue<Long> writerTokens = new ConcurrentLinkedQueue<>();
    int cycles = 8;
    ExecutorService threads = Executors.newFixedThreadPool(12);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < 12; t++) {
        JdbcReadWriteLocks locks = three.get(t % 3);
        boolean writing = t < 6;
        done.add(threads.submit(() -> {
          start.await();
          for (int i = 0; i < cycles; i++) {
            if (writing) {
              locks.withWrite(key, OPTIONS, lease -> {
                if (writers.incrementAndGet() != 1 || readers.get() != 0) {
                  overlaps.incrementAndGet();
                }
                writerTokens.add(lease.fencingToken()); // in the order writers were inside
                Thread.sleep(2);
                writers.decrementAndGet();
                return null;
              });
            } else {
              locks.withRead(key, OPTIONS, lease -> {
                mostReaders.accumulateAndGet(readers.incrementAndGet(), Math::max);
                if (writers.get() != 0) {
                  overlaps.incrementAndGet();
                }
                Thread.sleep(20);
                readers.decrementAndGet();
                return null;
              });
            }
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
    assertThat(overlaps.get()).as("a writer with anyone else inside").isZero();
    assertThat(mostReaders.get()).as("readers shared the lock").isGreaterThan(1);
    assertThat(List.copyOf(writerTokens)).hasSize(6 * cycles).isSorted().doesNotHaveDuplicates();
  }

  @Test
  void aDeadWriterFreesTheLockWhenItsLeaseEnds() {
    Duration lease = Duration.ofSeconds(1);
    LockOptions shortLease = LockOptions.builder().leaseTime(lease).renewal(true).waitTime(Duration.ofSeconds(30))
        .build();
    JdbcReadWriteLocks dying = JdbcLockExecutor.builder(postgres.pool(2), keyspace).buildReadWriteLocks();
    Lease crashed = dying.write(key, shortLease);
    dying.close(); // renewals stop, nothing is released
    long diedNanos = System.nanoTime();
    Lease reader = locks(pool).read(key, shortLease);
    assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - diedNanos)).as("ms until free")
        .isLessThan(lease.toMillis() + 5_000);
    assertThat(reader.fencingToken()).isGreaterThan(crashed.fencingToken());
    reader.release();
  }

  @Test
  void aWriterDowngradesToAReaderWithItsTokenAndNobodyWritesInBetween() {
    JdbcReadWriteLocks locks = locks(pool);
    Lease writer = locks.write(key, OPTIONS);
    Lease reader = locks.downgrade(writer, OPTIONS);
    assertThat(reader.fencingToken()).isEqualTo(writer.fencingToken());
    assertThat(writer.isLost()).as("the write lease ended released, not lost").isFalse();
    assertThat(locks.tryWrite(key, OPTIONS)).isEmpty();
    Lease other = locks.tryRead(key, OPTIONS).orElseThrow();
    other.release();
    reader.release();
    assertThatThrownBy(() -> locks.downgrade(writer, OPTIONS)).isInstanceOf(LeaseLostException.class);
    assertThatThrownBy(() -> locks.downgrade(reader, OPTIONS)).isInstanceOf(IllegalArgumentException.class);
    assertThat(SharedLockTables.liveRows(pool, keyspace.fullKey("rw", key))).isZero();
  }

  private JdbcReadWriteLocks locks(DataSource dataSource) {
    JdbcReadWriteLocks locks = JdbcLockExecutor.builder(dataSource, keyspace).buildReadWriteLocks();
    opened.add(locks);
    return locks;
  }
}
