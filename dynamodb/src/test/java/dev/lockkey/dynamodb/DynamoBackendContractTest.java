package dev.lockkey.dynamodb;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.LockBackendContract;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.lock.LockListener;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
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

  /** The kit's {@code TcpProxy} between a client of its own and dynalite. */
  @Override
  protected StoreOutage storeOutage() {
    return ProxiedDynaliteOutage.of(dynalite, TABLE);
  }
}
