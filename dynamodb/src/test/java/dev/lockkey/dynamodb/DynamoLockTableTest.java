package dev.lockkey.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/** The table helper on dynalite. */
@ExtendWith(DynaliteExtension.class)
class DynamoLockTableTest {
  private static DynamoDbClient client;

  private final String table = "locks-" + UUID.randomUUID();

  @BeforeAll
  static void connect(DynamoDbClient dynamoDb) {
    client = dynamoDb;
  }

  @Test
  void createsAnActiveOnDemandTableKeyedByTheFullKey() {
    DynamoLockTable.createTable(client, table);

    TableDescription description = client.describeTable(request -> request.tableName(table)).table();
    assertThat(description.tableStatus()).isEqualTo(TableStatus.ACTIVE);
    assertThat(description.keySchema()).singleElement().satisfies(key -> {
      assertThat(key.attributeName()).isEqualTo(DynamoLockTable.PARTITION_KEY);
      assertThat(key.keyType()).isEqualTo(KeyType.HASH);
    });
    assertThat(description.billingModeSummary().billingMode()).isEqualTo(BillingMode.PAY_PER_REQUEST);
  }

  @Test
  void creatingAnExistingTableIsFine() {
    DynamoLockTable.createTable(client, table);
    DynamoLockTable.createTable(client, table);

    assertThat(client.describeTable(request -> request.tableName(table)).table().tableStatus())
        .isEqualTo(TableStatus.ACTIVE);
  }

  @Test
  void createAlsoEnablesTtlWhichDynaliteDoesNotImplement() {
    // DynamoDB answers UpdateTimeToLive; dynalite does not know the operation, and says so
    assertThatThrownBy(() -> DynamoLockTable.create(client, table))
        .isInstanceOf(DynamoDbException.class)
        .satisfies(e -> assertThat(((DynamoDbException) e).awsErrorDetails().errorCode())
            .isEqualTo("UnknownOperationException"));
    assertThat(client.describeTable(request -> request.tableName(table)).table().tableStatus())
        .isEqualTo(TableStatus.ACTIVE);
  }
}
