package dev.lockkey.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.lock.CapturedWarnings;
import java.util.List;
import java.util.UUID;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/** The table helper on dynalite, which lacks the TTL operations. */
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
  void createMakesTheTableWithAWarningWhereTheEndpointDoesNotImplementTtl() {
    List<LogRecord> warnings;
    try (CapturedWarnings captured = CapturedWarnings.of(DynamoLockTable.class.getName())) {
      DynamoLockTable.create(client, table);
      DynamoLockTable.create(client, table); // on every start
      warnings = captured.records();
    }

    assertThat(client.describeTable(request -> request.tableName(table)).table().tableStatus())
        .isEqualTo(TableStatus.ACTIVE);
    assertThat(warnings).hasSize(2).allSatisfy(warning -> assertThat(warning.getMessage())
        .contains("TTL was not enabled on the lock table " + table, "UnknownOperationException",
            DynamoLockTable.EXPIRES_AT));
    // dynalite does not know the TTL operations, and says so: enableTtl passes its answer on
    assertThatThrownBy(() -> DynamoLockTable.enableTtl(client, table))
        .isInstanceOf(DynamoDbException.class)
        .satisfies(e -> assertThat(((DynamoDbException) e).awsErrorDetails().errorCode())
            .isEqualTo("UnknownOperationException"));
  }
}
