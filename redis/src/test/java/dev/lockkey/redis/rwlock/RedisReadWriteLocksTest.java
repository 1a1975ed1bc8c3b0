package dev.lockkey.redis.rwlock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LeaseLostException;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.redis.TestKey;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.RedisClient;

/** Read/write locks on a real Redis server: readers overlap, a writer is alone, writers are not starved. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class RedisReadWriteLocksTest {
  private static final LockOptions OPTIONS = LockOptions.builder().leaseTime(Duration.ofSeconds(5))
      .waitTime(Duration.ofSeconds(60)).build();

  private final Keyspace keyspace = Keyspace.of("rw" + UUID.randomUUID().toString().substring(0, 8));
  private final TestKey key = TestKey.of("doc", 7);
  private RedisClient client;
  private RedisReadWriteLocks locks;

  @BeforeEach
  void start() {
    client = RedisFixture.shared().newClient();
    locks = RedisReadWriteLocks.create(JedisConnection.of(client), keyspace);
  }

  @AfterEach
  void stop() {
    locks.close();
    client.close();
  }

  @Test
  void readersShareAndAWriterIsAlone() {
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
    assertThat(locks.tryWrite(key, OPTIONS).orElseThrow().fencingToken()).isGreaterThan(writer.fencingToken());
  }

  @Test
  void aQueuedWriterBlocksNewReaders() throws Exception {
    Lease reader = locks.tryRead(key, OPTIONS).orElseThrow();
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Future<Lease> writer = pool.submit(() -> locks.write(key, OPTIONS));
      awaitQueued();
      assertThat(locks.tryRead(key, OPTIONS)).as("a reader behind a queued writer").isEmpty();
      reader.release();
      Lease written = writer.get(30, TimeUnit.SECONDS);
      written.release();
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aWriterBehindAContinuousStreamOfReadersGetsIn() throws Exception {
    AtomicBoolean reading = new AtomicBoolean(true);
    AtomicInteger reads = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(5);
    try {
      List<Future<?>> readers = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        readers.add(pool.submit(() -> {
          while (reading.get()) {
            locks.withRead(key, OPTIONS, lease -> {
              reads.incrementAndGet();
              Thread.sleep(20);
              return null;
            });
          }
          return null;
        }));
      }
      while (reads.get() < 20) {
        Thread.sleep(10);
      }
      // readers overlap all the time now; with the writer queued, they drain and it gets in
      Lease writer = pool.submit(() -> locks.write(key, OPTIONS)).get(30, TimeUnit.SECONDS);
      assertThat(writer.isLost()).isFalse();
      writer.release();
      reading.set(false);
      for (Future<?> reader : readers) {
        reader.get(30, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void writersNeverOverlapAnyoneReadersOverlapAndWritersTokensRise() throws Exception {
    AtomicInteger readers = new AtomicInteger();
    AtomicInteger writers = new AtomicInteger();
    AtomicInteger mostReaders = new AtomicInteger();
    AtomicInteger overlaps = new AtomicInteger();
    ConcurrentLinkedQueue<Long> writerTokens = new ConcurrentLinkedQueue<>();
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> threads = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        boolean writing = t < 2;
        threads.add(pool.submit(() -> {
          for (int i = 0; i < 15; i++) {
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
                Thread.sleep(5);
                readers.decrementAndGet();
                return null;
              });
            }
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
    assertThat(overlaps.get()).isZero();
    assertThat(mostReaders.get()).as("readers shared the lock").isGreaterThan(1);
    assertThat(List.copyOf(writerTokens)).hasSize(30).isSorted();
  }

  @Test
  void aCrashedWriterFreesTheLockWhenItsLeaseEnds() {
    LockOptions shortLease = LockOptions.builder().leaseTime(Duration.ofMillis(600)).waitTime(Duration.ofSeconds(20))
        .build();
    try (RedisClient otherClient = RedisFixture.shared().newClient();
        RedisReadWriteLocks crashing = RedisReadWriteLocks.create(JedisConnection.of(otherClient), keyspace)) {
      crashing.write(key, shortLease);
    }
    locks.read(key, shortLease).release();
  }

  @Test
  void aWriterDowngradesToAReaderWithItsTokenAndNobodyWritesInBetween() {
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
  }

  private void awaitQueued() throws InterruptedException {
    String queue = keyspace.fullKey("rw-waiters", key);
    for (int i = 0; i < 1000 && client.zcard(queue) == 0; i++) {
      Thread.sleep(10);
    }
    assertThat(client.zcard(queue)).isEqualTo(1);
  }
}
