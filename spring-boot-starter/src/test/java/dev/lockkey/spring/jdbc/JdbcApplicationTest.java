package dev.lockkey.spring.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.idempotency.IdempotentCalls;
import dev.lockkey.jdbc.JdbcLockExecutor;
import dev.lockkey.jdbc.JdbcPermits;
import dev.lockkey.jdbc.JdbcReadWriteLocks;
import dev.lockkey.jdbc.TestPostgres;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.permit.Permits;
import dev.lockkey.rwlock.ReadWriteLocks;
import dev.lockkey.spring.ShipmentDispatchKey;
import dev.lockkey.spring.guard.ShipmentQuote;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A whole Spring Boot application on a real PostgreSQL with {@code lockkey.backend=jdbc}: the
 * executor on the application's {@link DataSource}, the tables created at startup, and an
 * {@code @Idempotent} method whose record commits and rolls back with the caller's
 * {@code @Transactional} transaction (its own when the caller is in none).
 */
@SpringBootTest(properties = {
    "lockkey.backend=jdbc", "lockkey.environment=jdbcapp", "lockkey.jdbc.initialize-schema=always"})
@Tag("jdbc-application") // its own Surefire execution: a class path with a pool (see the pom)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class JdbcApplicationTest {
  private static final int THREADS = 8;
  /** Shipment ids unique across the tests of this class, whose context (and database) is shared. */
  private static final AtomicLong SHIPMENTS = new AtomicLong(System.nanoTime() & 0xFFFFFFFL);

  /** The application: every auto-configuration on the class path, its pool, a desk and a service. */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class App {
    @Bean(destroyMethod = "") // the test server closes its pools
    DataSource dataSource() {
      return TestPostgres.sharedPool();
    }

    @Bean
    LabelDesk labelDesk(JdbcTemplate jdbc) {
      return new LabelDesk(jdbc);
    }

    @Bean
    Dispatcher dispatcher(JdbcTemplate jdbc, LabelDesk labels) {
      return new Dispatcher(jdbc, labels);
    }
  }

  @BeforeAll
  static void businessTables() {
    JdbcTemplate jdbc = new JdbcTemplate(TestPostgres.sharedPool());
    jdbc.execute("CREATE TABLE IF NOT EXISTS dispatches (tenant TEXT NOT NULL, shipment_id BIGINT NOT NULL)");
    jdbc.execute("CREATE TABLE IF NOT EXISTS labels (tenant TEXT NOT NULL, shipment_id BIGINT NOT NULL, run INT)");
  }

  @Autowired ApplicationContext context;
  @Autowired JdbcTemplate jdbc;
  @Autowired LabelDesk desk;
  @Autowired Dispatcher dispatcher;

  private final ExecutorService threads = Executors.newFixedThreadPool(THREADS);

  @AfterEach
  void stopThreads() throws InterruptedException {
    desk.openGate();
    desk.failing(false);
    threads.shutdownNow();
    assertThat(threads.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void aPermittedMethodLetsInAtMostItsPermitsOnTheDatabase() throws Exception {
    assertThat(context.getBean(Permits.class)).isInstanceOf(JdbcPermits.class);
    assertThat(context.getBean(ReadWriteLocks.class)).isInstanceOf(JdbcReadWriteLocks.class);
    long shipment = SHIPMENTS.incrementAndGet();
    List<Future<String>> calls = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      calls.add(threads.submit(() -> desk.reprint("acme", shipment)));
    }
    for (Future<String> call : calls) {
      assertThat(call.get(1, TimeUnit.MINUTES)).isEqualTo("label " + shipment + " reprinted");
    }
    assertThat(desk.mostReprinting()).as("callers inside at once, two permits").isBetween(1, 2);
  }

  @Test
  void theDatabaseIsTheBackendAndItsTablesWereCreated() {
    assertThat(context.getBeansOfType(LockExecutor.class).values()).singleElement()
        .isInstanceOf(JdbcLockExecutor.class);
    assertThat(context.getBeanNamesForType(IdempotentCalls.class)).hasSize(1);
    assertThat(context.getBeanNamesForType(redis.clients.jedis.UnifiedJedis.class)).isEmpty();
    assertThat(jdbc.queryForObject("SELECT to_regclass('lockkey_idempotency') IS NOT NULL", Boolean.class)).isTrue();
    LockExecutor executor = context.getBean(LockExecutor.class);
    long shipment = SHIPMENTS.incrementAndGet();
    long first = executor.withLock(ShipmentDispatchKey.of("acme", shipment), lease -> lease.fencingToken());
    long second = executor.withLock(ShipmentDispatchKey.of("acme", shipment), lease -> lease.fencingToken());
    assertThat(second).isGreaterThan(first);
  }

  @Test
  void theRecordCommitsWithTheTransactionAndARetryGetsTheStoredLabel() throws Exception {
    long shipment = SHIPMENTS.incrementAndGet();
    ShipmentQuote quote = new ShipmentQuote(12_000, "DE");
    String label = dispatcher.dispatch("acme", shipment, quote, false);
    int runs = desk.runs();

    // no transaction around this retry: the call starts its own, reads the record and runs nothing
    assertThat(desk.print("acme", shipment, quote)).isEqualTo(label);
    assertThat(dispatcher.dispatchEvenWithoutLabel("acme", shipment, quote)).isEqualTo(label);
    assertThat(desk.runs()).isEqualTo(runs);
    assertThat(rows("labels", shipment)).isEqualTo(1);
    assertThat(records(shipment)).isEqualTo(1);
  }

  @Test
  void aRollbackTakesTheRecordWithItAndTheRetryRunsTheWork() throws Exception {
    long shipment = SHIPMENTS.incrementAndGet();
    ShipmentQuote quote = new ShipmentQuote(800, "FR");
    assertThatThrownBy(() -> dispatcher.dispatch("acme", shipment, quote, true))
        .hasMessage("the truck left without it");
    assertThat(rows("dispatches", shipment)).isZero();
    assertThat(rows("labels", shipment)).isZero();
    assertThat(records(shipment)).isZero();

    int runs = desk.runs();
    String label = dispatcher.dispatch("acme", shipment, quote, false);
    assertThat(desk.runs()).isEqualTo(runs + 1);
    assertThat(label).endsWith("run " + (runs + 1));
    assertThat(rows("labels", shipment)).isEqualTo(1);
    assertThat(records(shipment)).isEqualTo(1);
  }

  @Test
  void workThatThrowsUndoesOnlyTheCallAndTheCallersTransactionCommits() throws Exception {
    long shipment = SHIPMENTS.incrementAndGet();
    ShipmentQuote quote = new ShipmentQuote(300, "IT");
    desk.failing(true);
    assertThat(dispatcher.dispatchEvenWithoutLabel("acme", shipment, quote)).isEqualTo("no label");
    assertThat(rows("dispatches", shipment)).isEqualTo(1);
    assertThat(rows("labels", shipment)).isZero(); // the work's own row went with its call
    assertThat(records(shipment)).isZero();

    desk.failing(false);
    int runs = desk.runs();
    assertThat(desk.print("acme", shipment, quote)).endsWith("run " + (runs + 1));
    assertThat(records(shipment)).isEqualTo(1);
  }

  @Test
  void concurrentDuplicatesWaitForTheFirstCommitAndShareItsLabel() throws Exception {
    long shipment = SHIPMENTS.incrementAndGet();
    ShipmentQuote quote = new ShipmentQuote(5_000, "NL");
    int runs = desk.runs();
    desk.closeGate();
    List<Future<String>> futures = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      futures.add(threads.submit(() -> dispatcher.dispatch("acme", shipment, quote, false)));
    }
    assertThat(desk.awaitEntered()).isTrue();
    desk.openGate();
    Set<String> labels = new HashSet<>();
    for (Future<String> future : futures) {
      labels.add(future.get(1, TimeUnit.MINUTES));
    }
    assertThat(labels).singleElement().asString().endsWith("run " + (runs + 1));
    assertThat(desk.runs()).isEqualTo(runs + 1);
    assertThat(rows("labels", shipment)).isEqualTo(1);
    assertThat(rows("dispatches", shipment)).isEqualTo(THREADS); // each dispatch's own row, its record replayed
    assertThat(records(shipment)).isEqualTo(1);
  }

  private int rows(String table, long shipment) {
    return jdbc.queryForObject("SELECT count(*) FROM " + table + " WHERE shipment_id = ?", Integer.class, shipment);
  }

  private int records(long shipment) {
    return jdbc.queryForObject("SELECT count(*) FROM lockkey_idempotency WHERE call_key LIKE ?", Integer.class,
        "idem:jdbcapp:{%:" + shipment + "}");
  }
}
