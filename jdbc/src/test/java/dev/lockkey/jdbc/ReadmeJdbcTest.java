package dev.lockkey.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.ReadmeCode;
import dev.lockkey.lock.ContractKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.permit.PermitOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The PostgreSQL guide's blocks (docs/guides/postgresql.md), the permits guide's PostgreSQL block
 * and the README's PostgreSQL example are this module's: each Java block stands in a method below word for word, so it compiles
 * against this build (they are not run: the pool would outlive the test;
 * {@code JdbcLockExecutorTest} runs the same calls), and the DDL block is the shipped schema.
 */
class ReadmeJdbcTest {
  private static final Path THIS_SOURCE = Path.of("src/test/java/dev/lockkey/jdbc/ReadmeJdbcTest.java");

  /** Stands for the key class the processor generates for the README's {@code PaymentCapture} spec. */
  private static final class PaymentCaptureKey {
    static LockKey of(String tenant, long orderId) {
      return ContractKey.of("capture", tenant + ":" + orderId);
    }
  }

  /** The README's guarded resource. */
  private interface Ledger {
    void capture(String order, long fencingToken);
  }

  @SuppressWarnings("resource") // the README's pool and executor live as long as the application
  private static void readmeJavaBlock(String jdbcUrl, Ledger ledger, String order) {
    // the README's block jdbc-java, from here
    HikariDataSource dataSource = new HikariDataSource();       // yours: URL, user, pool size
    dataSource.setJdbcUrl(jdbcUrl);                             // e.g. jdbc:postgresql://db:5432/app
    JdbcLockTable.create(dataSource);                           // once; or the DDL below in a migration
    LockExecutor locks = JdbcLockExecutor.create(dataSource, Keyspace.of("prod"));
    try (Lease lease = locks.acquire(PaymentCaptureKey.of("t42", 98765))) {   // row lock:prod:{payment:capture:v1:t42:98765}
      ledger.capture(order, lease.fencingToken());
    }
    // to here
  }

  /** The README's example: the executor on the application's pool. */
  private static void frontPageBlock(DataSource dataSource, Ledger ledger, String order) {
    // the README's block jdbc-front, from here
    LockExecutor locks = JdbcLockExecutor.create(dataSource, Keyspace.of("prod")); // dataSource: your pool
    try (Lease lease = locks.acquire(PaymentCaptureKey.of("t42", 98765))) {        // row lock:prod:{payment:capture:v1:t42:98765}
      ledger.capture(order, lease.fencingToken());
    }
    // to here
  }

  /** Stand for the key classes of the permits guide's specs. */
  private static final class ReportExportKey {
    static LockKey of(String tenant) {
      return ContractKey.of("export", tenant);
    }
  }

  private static final class PriceListKey {
    static LockKey of(String market) {
      return ContractKey.of("prices", market);
    }
  }

  /** The permits guide's guarded resources. */
  private interface Reports {
    String export(String tenant, long fencingToken);
  }

  private interface Prices {
    boolean write(String market, String update, long fencingToken);
  }

  /** The permits guide's PostgreSQL example. */
  private static void sharedLocksBlock(DataSource dataSource, Reports reports, String tenant, Prices prices,
      String market, String update) {
    // the README's block jdbc-shared-java, from here
    JdbcLockTable.create(dataSource);                   // the lock table and its holders table; or a migration
    try (JdbcPermits permits = JdbcPermits.create(dataSource, Keyspace.of("prod"));
        JdbcReadWriteLocks rw = JdbcReadWriteLocks.create(dataSource, Keyspace.of("prod"))) {
      permits.withPermit(ReportExportKey.of(tenant), PermitOptions.of(5), lease -> reports.export(tenant, lease.fencingToken()));
      LockOptions options = LockOptions.builder().leaseTime(Duration.ofSeconds(10)).renewal(true).build();
      rw.withWrite(PriceListKey.of(market), options, lease -> prices.write(market, update, lease.fencingToken()));
    }
    // to here
  }

  @Test
  void theJavaBlocksAreTheCodeAbove() throws IOException {
    ReadmeCode.assertBlockIsTheCodeOf("jdbc-shared-java", THIS_SOURCE, ReadmeJdbcTest.class.getPackageName());
    ReadmeCode.assertBlockIsTheCodeOf("jdbc-java", THIS_SOURCE, ReadmeJdbcTest.class.getPackageName());
    ReadmeCode.assertBlockIsTheCodeOf("jdbc-front", THIS_SOURCE, ReadmeJdbcTest.class.getPackageName());
  }

  @Test
  void theReadmesDdlIsTheShippedSchema() throws IOException {
    assertThat(JdbcLockTable.postgresqlDdl()).contains(ReadmeCode.block("jdbc-ddl"))
        .contains(ReadmeCode.block("jdbc-holders-ddl"));
  }
}
