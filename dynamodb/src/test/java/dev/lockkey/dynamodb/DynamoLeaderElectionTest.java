package dev.lockkey.dynamodb;

import dev.lockkey.leader.LeaderElectionContract;
import dev.lockkey.lock.LockBackendContract.StoreOutage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Leader election on DynamoDB (dynalite), each candidate's client behind a TCP proxy of its own. */
@ExtendWith(DynaliteExtension.class)
class DynamoLeaderElectionTest extends LeaderElectionContract {
  private static final String TABLE = "locks-leader-test";

  private static DynaliteServer dynalite;

  @BeforeAll
  static void createTable(DynaliteServer server, DynamoDbClient dynamoDb) {
    dynalite = server;
    DynamoLockTable.createTable(dynamoDb, TABLE);
  }

  @Override
  protected StoreOutage storeOutage() {
    return ProxiedDynaliteOutage.of(dynalite, TABLE);
  }
}
