package dev.lockkey.jdbc;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.LockBackendContract;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.lock.LockListener;
import javax.sql.DataSource;

/** The backend-neutral lock contract on PostgreSQL. */
class JdbcBackendContractTest extends LockBackendContract {
  private static final TestPostgres postgres = TestPostgres.shared();
  private static final DataSource pool = TestPostgres.sharedPool();

  @Override
  protected LockExecutor newExecutor(Keyspace keyspace, LockListener listener) {
    return JdbcLockExecutor.builder(pool, keyspace).listener(listener).build();
  }

  /** The kit's {@code TcpProxy} between a pool of its own and PostgreSQL. */
  @Override
  protected StoreOutage storeOutage() {
    return ProxiedPostgresOutage.of(postgres);
  }
}
