package dev.lockkey.dynamodb;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.LockBackendContract.StoreOutage;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.lock.LockListener;
import dev.lockkey.testing.TcpProxy;
import redis.clients.jedis.HostAndPort;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A {@link StoreOutage} on dynalite: the kit's {@link TcpProxy} between a client of its own and the
 * server (its address type is Jedis'), cut by {@link TcpProxy#cut()} (refused, then reset).
 */
final class ProxiedDynaliteOutage implements StoreOutage {
  private final TcpProxy proxy;
  private final DynamoDbClient throughProxy;
  private final String table;
  private LockExecutor executor;

  private ProxiedDynaliteOutage(TcpProxy proxy, DynamoDbClient throughProxy, String table) {
    this.proxy = proxy;
    this.throughProxy = throughProxy;
    this.table = table;
  }

  static ProxiedDynaliteOutage of(DynaliteServer dynalite, String table) {
    TcpProxy proxy = TcpProxy.start(new HostAndPort("127.0.0.1", dynalite.port()));
    return new ProxiedDynaliteOutage(proxy, TestClients.on(proxy.port()), table);
  }

  @Override
  public LockExecutor executor(Keyspace keyspace, LockListener listener) {
    executor = DynamoLockExecutor.builder(throughProxy, table, keyspace).listener(listener).build();
    return executor;
  }

  @Override
  public void begin() {
    proxy.cut(); // the SDK's kept-alive connection too, which a refusal alone would spare
  }

  @Override
  public void close() {
    if (executor != null) {
      executor.close();
    }
    throughProxy.close();
    proxy.close();
  }
}
