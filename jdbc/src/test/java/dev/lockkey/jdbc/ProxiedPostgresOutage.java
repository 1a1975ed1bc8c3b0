package dev.lockkey.jdbc;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.LockBackendContract.StoreOutage;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.lock.LockListener;
import dev.lockkey.testing.TcpProxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import javax.sql.DataSource;
import redis.clients.jedis.HostAndPort;

/**
 * A {@link StoreOutage} on PostgreSQL: the kit's {@link TcpProxy} between a pool of its own and the
 * server (its address type is Jedis'), cut by {@link TcpProxy#cut()} (refused, then reset).
 */
final class ProxiedPostgresOutage implements StoreOutage {
  private final TcpProxy proxy;
  private final DataSource throughProxy;
  private LockExecutor executor;

  private ProxiedPostgresOutage(TcpProxy proxy, DataSource throughProxy) {
    this.proxy = proxy;
    this.throughProxy = throughProxy;
  }

  static ProxiedPostgresOutage of(TestPostgres postgres) {
    TcpProxy proxy = TcpProxy.start(new HostAndPort("127.0.0.1", postgres.port()));
    DataSource throughProxy = postgres.pool(proxy.port(), 4);
    warm(throughProxy);
    return new ProxiedPostgresOutage(proxy, throughProxy);
  }

  @Override
  public LockExecutor executor(Keyspace keyspace, LockListener listener) {
    executor = JdbcLockExecutor.builder(throughProxy, keyspace).listener(listener)
        .operationTimeout(Duration.ofSeconds(2)).build();
    return executor;
  }

  @Override
  public void begin() {
    proxy.cut(); // the pool's open connections too, which a refusal alone would spare
  }

  @Override
  public void close() {
    if (executor != null) {
      executor.close();
    }
    proxy.close();
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
}
