package dev.lockkey.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.ContractKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The fenced write on dynalite: a lower token is refused, an equal or higher one written. */
@ExtendWith(DynaliteExtension.class)
class DynamoFencedWriterTest {
  /** A table of guarded items, keyed by {@code pk} as the lock table is (any key schema would do). */
  private static final String TABLE = "fenced-items-test";
  private static final String LOCKS = "locks-fenced-test";

  private static DynamoDbClient client;

  private final Map<String, AttributeValue> item = Map.of("pk", AttributeValue.fromS("payment/" + UUID.randomUUID()));
  private DynamoFencedWriter payments;

  @BeforeAll
  static void createTables(DynamoDbClient dynamoDb) {
    client = dynamoDb;
    DynamoLockTable.createTable(client, TABLE);
    DynamoLockTable.createTable(client, LOCKS);
  }

  @Test
  void aLowerTokenIsRefusedAndAnEqualOrHigherOneWritten() {
    payments = DynamoFencedWriter.on(client, TABLE);

    assertThat(payments.set(item, status("authorized"), 5)).as("a new item").isTrue();
    assertThat(payments.set(item, status("captured"), 5)).as("the same holder again").isTrue();
    assertThat(payments.set(item, status("refunded"), 4)).as("an older holder").isFalse();
    assertThat(stored()).containsEntry("status", AttributeValue.fromS("captured"))
        .containsEntry(DynamoFencedWriter.DEFAULT_TOKEN_ATTRIBUTE, AttributeValue.fromN("5"));

    assertThat(payments.set(item, status("settled"), 6)).as("a newer holder").isTrue();
    assertThat(stored()).containsEntry("status", AttributeValue.fromS("settled"))
        .containsEntry(DynamoFencedWriter.DEFAULT_TOKEN_ATTRIBUTE, AttributeValue.fromN("6"));
  }

  @Test
  void aStaleHolderWhoseLeaseRanOutIsRefusedAfterTheNextHolderWrote() {
    payments = DynamoFencedWriter.on(client, TABLE).withTokenAttribute("lock_token");
    ContractKey key = ContractKey.of("payment", "fenced");
    try (DynamoLockExecutor stalled = DynamoLockExecutor.create(client, LOCKS, Keyspace.of("fenced"));
        DynamoLockExecutor next = DynamoLockExecutor.create(client, LOCKS, Keyspace.of("fenced"))) {
      Lease stale = stalled.acquire(key, LockOptions.builder().leaseTime(Duration.ofMillis(300)).build());
      Lease current = next.acquire(key, LockOptions.builder().waitTime(Duration.ofSeconds(20)).build());

      assertThat(payments.set(item, status("captured by the next holder"), current.fencingToken())).isTrue();
      assertThat(payments.set(item, status("captured by the stale holder"), stale.fencingToken()))
          .as("the stale holder's late write").isFalse();
      assertThat(stored()).containsEntry("status", AttributeValue.fromS("captured by the next holder"))
          .containsEntry("lock_token", AttributeValue.fromN(Long.toString(current.fencingToken())));
      assertThat(current.release()).isTrue();
    }
  }

  @Test
  void badInputIsRefusedNamingTheRule() {
    payments = DynamoFencedWriter.on(client, TABLE);

    assertThatThrownBy(() -> payments.set(Map.of(), status("x"), 1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("key");
    assertThatThrownBy(() -> payments.set(item, Map.of("pk", AttributeValue.fromS("other")), 1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("key attribute pk");
    assertThatThrownBy(() -> payments.set(item, Map.of("fencing_token", AttributeValue.fromN("9")), 1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("token attribute fencing_token");
    assertThatThrownBy(() -> payments.set(item, status("x"), 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("fencingToken");
    assertThatThrownBy(() -> payments.withTokenAttribute("")).isInstanceOf(IllegalArgumentException.class);
    assertThat(client.getItem(request -> request.tableName(TABLE).key(item)).hasItem()).as("nothing written")
        .isFalse();
  }

  private static Map<String, AttributeValue> status(String status) {
    return Map.of("status", AttributeValue.fromS(status)); // "status" is a DynamoDB reserved word
  }

  private Map<String, AttributeValue> stored() {
    return client.getItem(request -> request.tableName(TABLE).key(item).consistentRead(true)).item();
  }
}
