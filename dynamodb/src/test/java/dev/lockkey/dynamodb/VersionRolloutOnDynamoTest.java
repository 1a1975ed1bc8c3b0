package dev.lockkey.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.lock.MultiLease;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.rollout.VersionRollout;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A rollout needs only the lock contract: on DynamoDB too, a version 2 client locking both keys
 * excludes a version 1 holder, and the fencing tokens keep rising across the switch to the current
 * key only (the DynamoDB store starts a key's tokens at its taker's clock in microseconds).
 */
@ExtendWith(DynaliteExtension.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class VersionRolloutOnDynamoTest {
  private static final String TABLE = "locks-rollout-test";
  private static final LockOptions OPTIONS = LockOptions.builder().waitTime(Duration.ofSeconds(20)).build();
  private static final LockOptions NO_WAIT = LockOptions.builder().waitTime(Duration.ZERO).build();

  private static DynamoDbClient client;

  private final String id = UUID.randomUUID().toString();
  private final SampleKey v1 = SampleKey.item(1, id);
  private final SampleKey v2 = SampleKey.item(2, id);
  private DynamoLockExecutor versionOne;
  private DynamoLockExecutor versionTwo;

  @BeforeAll
  static void createTable(DynamoDbClient dynamoDb) {
    client = dynamoDb;
    DynamoLockTable.createTable(client, TABLE);
  }

  /** Two executors, as two deployed versions have: the same table and key space, owners of their own. */
  @BeforeEach
  void startExecutors() {
    Keyspace keyspace = Keyspace.of("rollout");
    versionOne = DynamoLockExecutor.builder(client, TABLE, keyspace).build();
    versionTwo = DynamoLockExecutor.builder(client, TABLE, keyspace).build();
  }

  @AfterEach
  void closeExecutors() {
    versionOne.close();
    versionTwo.close();
  }

  @Test
  void onlyLockingBothExcludesAVersionOneHolder() {
    try (Lease held = versionOne.acquire(v1, OPTIONS)) {
      assertThatThrownBy(() -> VersionRollout.lockingBoth(versionTwo).acquire(v2, v1, NO_WAIT))
          .isInstanceOf(LockTimeoutException.class)
          .hasMessageContaining(held.fullKey());
      try (MultiLease tooEarly = VersionRollout.lockingCurrentOnly(versionTwo).acquire(v2, v1, NO_WAIT)) {
        assertThat(tooEarly.leases()).extracting(Lease::key).containsExactly(v2); // why step 2 waits for v1 to go
      }
      assertThat(held.isLost()).isFalse();
    }
  }

  @Test
  void theWorkGetsTheLeaseWhoseFencingTokensTheResourceKnows() {
    long versionOneToken;
    try (Lease lease = versionOne.acquire(v1, OPTIONS)) {
      versionOneToken = lease.fencingToken();
    }

    Lease during = VersionRollout.lockingBoth(versionTwo).withLock(v2, v1, OPTIONS, lease -> lease);
    Lease after = VersionRollout.lockingCurrentOnly(versionTwo).withLock(v2, v1, OPTIONS, lease -> lease);

    assertThat(during.key()).isEqualTo(v1);
    assertThat(during.fencingToken()).isGreaterThan(versionOneToken);
    assertThat(after.key()).isEqualTo(v2);
    assertThat(after.fencingToken()).isGreaterThan(during.fencingToken());
  }
}
