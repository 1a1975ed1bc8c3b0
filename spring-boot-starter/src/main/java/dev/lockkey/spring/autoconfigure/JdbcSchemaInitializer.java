package dev.lockkey.spring.autoconfigure;

import dev.lockkey.jdbc.JdbcIdempotentCalls;
import dev.lockkey.jdbc.JdbcLockTable;
import javax.sql.DataSource;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.jdbc.EmbeddedDatabaseConnection;
import org.springframework.boot.sql.init.DatabaseInitializationMode;

/**
 * Creates the JDBC backend's lock and idempotency tables, if they do not exist, at startup when
 * {@code lockkey.jdbc.initialize-schema} asks for it: {@code always}, or {@code embedded} on an
 * embedded database, as {@code spring.sql.init.mode} decides. The executor and the idempotent calls
 * depend on this bean, so the tables exist before their first statement.
 */
final class JdbcSchemaInitializer implements InitializingBean {
  private final DataSource dataSource;
  private final LockKeyJdbcProperties properties;
  private final JdbcIdempotentCalls calls;

  JdbcSchemaInitializer(DataSource dataSource, LockKeyJdbcProperties properties, JdbcIdempotentCalls calls) {
    this.dataSource = dataSource;
    this.properties = properties;
    this.calls = calls;
  }

  @Override
  public void afterPropertiesSet() {
    DatabaseInitializationMode mode = properties.initializeSchema();
    if (mode == DatabaseInitializationMode.ALWAYS
        || (mode == DatabaseInitializationMode.EMBEDDED && EmbeddedDatabaseConnection.isEmbedded(dataSource))) {
      JdbcLockTable.create(dataSource, properties.lockTable());
      calls.createTable(dataSource);
    }
  }
}
