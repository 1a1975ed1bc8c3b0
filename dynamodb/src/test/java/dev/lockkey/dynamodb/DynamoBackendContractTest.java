package dev.lockkey.dynamodb;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.LockBackendContract;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.lock.LockListener;
import dev.lockkey.testing.TcpProxy;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.HostAndPort;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The backend-neutral lock contract on DynamoDB (dynalite). */
@ExtendWith(DynaliteExtension.class)
class DynamoBackendContractTest extends LockBackendContract {
  private static final String TABLE = "locks-contract-test";

  private static DynaliteServer dynalite;
  private static DynamoDbClient client;

  @BeforeAll
  static void createTable(DynaliteServer server, DynamoDbClient dynamoDb) {
    dynalite = server;
    client = dynamoDb;
    DynamoLockTable.createTable(client, TABLE);
  }

  @Override
  protected LockExecutor newExecutor(Keyspace keyspace, LockListener listener) {
    return DynamoLockExecutor.builder(client, TABLE, keyspace).listener(listener).build();
  }

  /** The kit's {@link TcpProxy} between a client of its own and dynalite (its address type is Jedis'). */
  @Override
  protected StoreOutage storeOutage() {
    TcpProxy proxy = TcpProxy.start(new HostAndPort("127.0.0.1", dynalite.port()));
    DynamoDbClient throughProxy = TestClients.on(proxy.port());
    return new StoreOutage() {
      private LockExecutor executor;

      @Override
      public LockExecutor executor(Keyspace keyspace, LockListener listener) {
        executor = DynamoLockExecutor.builder(throughProxy, TABLE, keyspace).listener(listener).build();
        return executor;
      }

      @Override
      public void begin() {
        proxy.resetConnections(); // the SDK's kept-alive connection, which a refusal alone would spare
        proxy.refuseConnections();
      }

      @Override
      public void close() {
        if (executor != null) {
          executor.close();
        }
        throughProxy.close();
        proxy.close();
      }
    };
  }
}
