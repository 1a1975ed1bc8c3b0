package dev.lockkey.spring.autoconfigure;

import dev.lockkey.jdbc.CallerTransaction;
import dev.lockkey.jdbc.TransactionalWork;
import java.sql.Connection;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The caller's Spring transaction: the connection that the transaction manager bound to the thread
 * for the application's {@link DataSource} ({@code @Transactional}, a {@link TransactionTemplate}),
 * through {@link DataSourceUtils}, as {@code JdbcTemplate} finds it. A thread in no transaction gets
 * a new one of the application's {@link PlatformTransactionManager} (propagation REQUIRED), which
 * commits when the work returns and rolls back when it throws.
 */
final class SpringCallerTransaction implements CallerTransaction {
  private final DataSource dataSource;
  private final ObjectProvider<PlatformTransactionManager> transactionManager;

  SpringCallerTransaction(DataSource dataSource, ObjectProvider<PlatformTransactionManager> transactionManager) {
    this.dataSource = dataSource;
    this.transactionManager = transactionManager;
  }

  @Override
  public <T, E extends Exception> T join(TransactionalWork<T, E> work) throws E {
    if (TransactionSynchronizationManager.isActualTransactionActive()) {
      // joined without a template of our own: a failure of the call must not mark the caller's transaction
      // rollback-only, the call undid its own part (a savepoint) and the caller decides
      return onBoundConnection(work);
    }
    PlatformTransactionManager manager = transactionManager.getIfUnique();
    if (manager == null) {
      throw new IllegalStateException("an idempotent call on JDBC runs in a transaction: call it in a @Transactional"
          + " method, or define one PlatformTransactionManager bean (spring-boot-starter-jdbc does)");
    }
    try {
      return new TransactionTemplate(manager).execute(status -> {
        try {
          return onBoundConnection(work);
        } catch (RuntimeException | Error e) {
          throw e;
        } catch (Exception checked) {
          throw new WorkFailed(checked); // rolls the template's transaction back, then unwrapped below
        }
      });
    } catch (WorkFailed failed) {
      @SuppressWarnings("unchecked") // the only checked exception the work declares is E
      E cause = (E) failed.getCause();
      throw cause;
    }
  }

  private <T, E extends Exception> T onBoundConnection(TransactionalWork<T, E> work) throws E {
    Connection connection = DataSourceUtils.getConnection(dataSource);
    try {
      return work.run(connection);
    } finally {
      DataSourceUtils.releaseConnection(connection, dataSource);
    }
  }

  /** Carries the work's checked exception through {@link TransactionTemplate}, which rolls back on it. */
  private static final class WorkFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    WorkFailed(Exception cause) {
      super(cause);
    }
  }
}
