package dev.lockkey.jdbc;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.LockBackendContract;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.lock.LockListener;
import dev.lockkey.testing.TcpProxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import javax.sql.DataSource;
import redis.clients.jedis.HostAndPort;

/** The backend-neutral lock contract on PostgreSQL. */
class JdbcBackendContractTest extends LockBackendContract {
  private static final TestPostgres postgres = TestPostgres.shared();
  private static final DataSource pool = TestPostgres.sharedPool();

  @Override
  protected LockExecutor newExecutor(Keyspace keyspace, LockListener listener) {
    return JdbcLockExecutor.builder(pool, keyspace).listener(listener).build();
  }

  /**
   * Opens a pooled connection before the test's lease starts, so that opening one on a loaded
   * machine does not eat the test's short lease.
   */
  private static void warm(DataSource pool) {
    try (Connection connection = pool.getConnection()) {
      connection.isValid(10);
    } catch (SQLException e) {
      throw new IllegalStateException("no connection through the proxy", e);
    }
  }

  /** The kit's {@link TcpProxy} between a pool of its own and PostgreSQL (its address type is Jedis'). */
  @Override
  protected StoreOutage storeOutage() {
    TcpProxy proxy = TcpProxy.start(new HostAndPort("127.0.0.1", postgres.port()));
    DataSource throughProxy = postgres.pool(proxy.port(), 4);
    warm(throughProxy);
    return new StoreOutage() {
      private LockExecutor executor;

      @Override
      public LockExecutor executor(Keyspace keyspace, LockListener listener) {
        executor = JdbcLockExecutor.builder(throughProxy, keyspace).listener(listener)
            .operationTimeout(Duration.ofSeconds(2)).build();
        return executor;
      }

      @Override
      public void begin() {
        proxy.resetConnections(); // the pool's open connections, which a refusal alone would spare
        proxy.refuseConnections();
      }

      @Override
      public void close() {
        if (executor != null) {
          executor.close();
        }
        proxy.close();
      }
    };
  }
}
