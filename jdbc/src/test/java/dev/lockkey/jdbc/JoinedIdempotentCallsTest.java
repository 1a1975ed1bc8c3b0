package dev.lockkey.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.codec.ResultCodec;
import dev.lockkey.idempotency.IdempotencyConflictException;
import dev.lockkey.idempotency.IdempotencyInProgressException;
import dev.lockkey.idempotency.IdempotencyOptions;
import dev.lockkey.idempotency.IdempotentCalls;
import dev.lockkey.lock.ContractKey;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link JdbcIdempotentCalls#joining}: calls whose records join a caller's transaction (here a
 * plain one per call, as a transaction manager would open it), each a savepoint in it.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JoinedIdempotentCallsTest {
  private static final AtomicInteger KEYS = new AtomicInteger();
  private static final String FINGERPRINT = "0123456789abcdef0123456789abcdef";
  private static final IdempotencyOptions<String> WAITING = IdempotencyOptions.builder(ResultCodec.utf8())
      .waitTime(Duration.ofMillis(300)).build();
  private static final IdempotencyOptions<String> FAILING_FAST = WAITING.toBuilder()
      .inProgress(IdempotencyOptions.InProgress.FAIL).build();
  private static DataSource pool;
  private static JdbcIdempotentCalls records;

  /** A new transaction per call, committed when the call returns; it keeps the caller's connection for the test. */
  private static final class OwnTransaction implements CallerTransaction {
    final ThreadLocal<Connection> current = new ThreadLocal<>();

    @Override
    public <T, E extends Exception> T join(TransactionalWork<T, E> work) throws E {
      try (Connection connection = pool.getConnection()) {
        connection.setAutoCommit(false);
        current.set(connection);
        try {
          T result = work.run(connection);
          connection.commit();
          return result;
        } finally {
          current.remove();
          if (!connection.getAutoCommit()) {
            connection.rollback(); // nothing left after a commit; the call's part after a failure
          }
        }
      } catch (SQLException e) {
        throw new IllegalStateException(e);
      }
    }
  }

  private final OwnTransaction transactions = new OwnTransaction();
  private final IdempotentCalls calls = records.joining(transactions);
  private final ExecutorService threads = Executors.newFixedThreadPool(2);

  @BeforeAll
  static void createTable() {
    pool = TestPostgres.sharedPool();
    records = JdbcIdempotentCalls.create(Keyspace.of("joined-test"));
    records.createTable(pool);
  }

  @AfterEach
  void stopThreads() throws InterruptedException {
    threads.shutdownNow();
    assertThat(threads.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void aDuplicateGetsTheStoredResultAndTheCallersLockWaitIsAsBefore() throws Exception {
    ContractKey key = key();
    AtomicInteger runs = new AtomicInteger();
    String first = calls.run(key, FINGERPRINT, WAITING, token -> {
      runs.incrementAndGet();
      return "receipt " + lockTimeout(transactions.current.get());
    });
    assertThat(first).isEqualTo("receipt 0"); // the call's limit of 300 ms was for its claim only
    assertThat(calls.run(key, FINGERPRINT, WAITING, token -> "again")).isEqualTo(first);
    assertThat(runs).hasValue(1);
  }

  @Test
  void anotherPayloadIsRefusedAndNothingRuns() {
    ContractKey key = key();
    calls.run(key, FINGERPRINT, WAITING, token -> "first");
    assertThatThrownBy(() -> calls.run(key, "ffffffffffffffffffffffffffffffff", WAITING, token -> "second"))
        .isInstanceOf(IdempotencyConflictException.class);
  }

  @Test
  void whileTheFirstTransactionIsOpenADuplicateFailsAtOnceOrAfterItsWaitAndRunsNothing() throws Exception {
    ContractKey key = key();
    CountDownLatch inside = new CountDownLatch(1);
    CountDownLatch finish = new CountDownLatch(1);
    Future<String> first = threads.submit(() -> calls.run(key, FINGERPRINT, WAITING, token -> {
      inside.countDown();
      assertThat(finish.await(30, TimeUnit.SECONDS)).isTrue();
      return "first";
    }));
    assertThat(inside.await(30, TimeUnit.SECONDS)).isTrue();
    AtomicInteger duplicateRuns = new AtomicInteger();
    assertThatThrownBy(() -> calls.run(key, FINGERPRINT, FAILING_FAST, token -> "fast " + duplicateRuns.incrementAndGet()))
        .isInstanceOf(IdempotencyInProgressException.class);
    assertThatThrownBy(() -> calls.run(key, FINGERPRINT, WAITING, token -> "waited " + duplicateRuns.incrementAndGet()))
        .isInstanceOf(IdempotencyInProgressException.class);
    finish.countDown();
    assertThat(first.get(30, TimeUnit.SECONDS)).isEqualTo("first");
    assertThat(calls.run(key, FINGERPRINT, FAILING_FAST, token -> "late")).isEqualTo("first");
    assertThat(duplicateRuns).hasValue(0);
  }

  @Test
  void workThatThrowsLeavesNoRecordAndTheNextCallRunsIt() {
    ContractKey key = key();
    assertThatThrownBy(() -> calls.run(key, FINGERPRINT, WAITING, token -> {
      throw new IllegalStateException("declined");
    })).hasMessage("declined");
    assertThat(calls.run(key, FINGERPRINT, WAITING, token -> "second")).isEqualTo("second");
  }

  private static String lockTimeout(Connection connection) throws SQLException {
    try (Statement show = connection.createStatement(); ResultSet value = show.executeQuery("SHOW lock_timeout")) {
      value.next();
      return value.getString(1);
    }
  }

  private static ContractKey key() {
    return ContractKey.of("capture", "j" + KEYS.incrementAndGet() + "-" + Long.toHexString(System.nanoTime()));
  }
}
