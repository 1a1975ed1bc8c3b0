package dev.lockkey.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The store's conditional writes on dynalite: who may take, release and extend, and the fencing tokens. */
@ExtendWith(DynaliteExtension.class)
class DynamoLockStoreTest {
  private static final Duration LEASE = Duration.ofSeconds(10);
  private static final String TABLE = "locks-store-test";

  private static DynamoDbClient client;

  private final TestClock clock = TestClock.atSystemTime();
  private final DynamoLockStore store = DynamoLockStore.create(client, TABLE, clock);
  private final String key = Keyspace.of("test").fullKey("lock", "store:" + UUID.randomUUID());

  @BeforeAll
  static void createTable(DynamoDbClient dynamoDb) {
    client = dynamoDb;
    DynamoLockTable.createTable(client, TABLE);
  }

  @Test
  void aFreeKeyIsTakenWithEveryAttributeOfTheItem() {
    long now = clock.millis();

    AcquireResult result = store.tryAcquire(key, "owner-a", LEASE);

    assertThat(result).isInstanceOf(AcquireResult.Granted.class);
    AcquireResult.Granted granted = (AcquireResult.Granted) result;
    assertThat(granted.leaseUntilMillis()).isEqualTo(now + LEASE.toMillis());
    assertThat(granted.fencingToken()).as("a new key starts at the time floor, in microseconds")
        .isEqualTo(now * 1000 + 1);
    LockItem item = store.read(key).orElseThrow();
    assertThat(item.ownerToken()).isEqualTo("owner-a");
    assertThat(item.leaseUntilMillis()).isEqualTo(granted.leaseUntilMillis());
    assertThat(item.createdAtMillis()).isEqualTo(now);
    assertThat(item.fencingToken()).isEqualTo(granted.fencingToken());
    assertThat(item.expiresAtSeconds() * 1000)
        .isGreaterThanOrEqualTo(granted.leaseUntilMillis() + DynamoLockStore.RETENTION.toMillis())
        .isLessThan(granted.leaseUntilMillis() + DynamoLockStore.RETENTION.toMillis() + 1000);
    assertThat(item.toString()).doesNotContain("owner-a");
  }

  @Test
  void aHeldKeyIsHeldForAnotherOwnerAndUnchanged() {
    take("owner-a");
    LockItem before = store.read(key).orElseThrow();

    AcquireResult result = store.tryAcquire(key, "owner-b", LEASE);

    assertThat(result).isInstanceOf(AcquireResult.Held.class);
    ((AcquireResult.Held) result).leaseUntilMillis() // returned by DynamoDB; dynalite does not
        .ifPresent(until -> assertThat(until).isEqualTo(before.leaseUntilMillis()));
    assertThat(store.read(key)).contains(before);
  }

  @Test
  void anExpiredLeaseIsTakenOverWithTheNextFencingToken() {
    long first = take("owner-a");
    TestClock later = new TestClock(clock.millis() + LEASE.toMillis() + 1);
    DynamoLockStore other = DynamoLockStore.create(client, TABLE, later);

    AcquireResult result = other.tryAcquire(key, "owner-b", LEASE);

    assertThat(result).isEqualTo(new AcquireResult.Granted(first + 1, later.millis() + LEASE.toMillis()));
    assertThat(store.read(key).orElseThrow().ownerToken()).isEqualTo("owner-b");
  }

  @Test
  void aLeaseIsHeldUpToItsLastMillisecond() {
    take("owner-a");
    DynamoLockStore other = DynamoLockStore.create(client, TABLE, new TestClock(clock.millis() + LEASE.toMillis()));

    assertThat(other.tryAcquire(key, "owner-b", LEASE)).isInstanceOf(AcquireResult.Held.class);
  }

  @Test
  void fencingTokensRiseStrictlyAcrossReleasesAndExpiries() {
    long last = 0;
    for (int i = 0; i < 20; i++) {
      String owner = "owner-" + i;
      long token = take(owner);
      assertThat(token).as("holder %d", i).isGreaterThan(last);
      last = token;
      if (i % 2 == 0) {
        assertThat(store.release(key, owner)).isTrue();
      } else {
        clock.advance(LEASE.plusMillis(1)); // the lease runs out unreleased
      }
    }
  }

  @Test
  void aReleaseFreesTheKeyAndKeepsTheCounter() {
    long token = take("owner-a");

    assertThat(store.release(key, "owner-a")).isTrue();

    LockItem item = store.read(key).orElseThrow();
    assertThat(item.leaseUntilMillis()).isZero();
    assertThat(item.fencingToken()).isEqualTo(token);
    assertThat(item.heldAt(clock.millis())).isFalse();
    assertThat(take("owner-b")).isEqualTo(token + 1);
  }

  @Test
  void aStaleHoldersReleaseAndExtendChangeNothing() {
    take("owner-a");
    clock.advance(LEASE.plusMillis(1));
    take("owner-b");
    LockItem before = store.read(key).orElseThrow();

    assertThat(store.release(key, "owner-a")).isFalse();
    assertThat(store.extend(key, "owner-a", LEASE)).isFalse();

    assertThat(store.read(key)).contains(before);
  }

  @Test
  void aLeaseThatRanOutCannotBeExtendedOrReleasedEvenIfNobodyTookIt() {
    take("owner-a");
    clock.advance(LEASE.plusMillis(1));
    LockItem before = store.read(key).orElseThrow();

    assertThat(store.extend(key, "owner-a", LEASE)).isFalse();
    assertThat(store.release(key, "owner-a")).isFalse();

    assertThat(store.read(key)).contains(before);
  }

  @Test
  void anExtensionMovesTheLeaseAndTheTtl() {
    take("owner-a");
    clock.advance(Duration.ofSeconds(5));

    assertThat(store.extend(key, "owner-a", LEASE)).isTrue();

    LockItem item = store.read(key).orElseThrow();
    assertThat(item.leaseUntilMillis()).isEqualTo(clock.millis() + LEASE.toMillis());
    assertThat(item.expiresAtSeconds() * 1000)
        .isGreaterThanOrEqualTo(item.leaseUntilMillis() + DynamoLockStore.RETENTION.toMillis());
  }

  @Test
  void aReleasedLeaseCannotBeExtended() {
    take("owner-a");
    store.release(key, "owner-a");

    assertThat(store.extend(key, "owner-a", LEASE)).isFalse();
  }

  @Test
  void writesRetriedAfterALostReplyFindTheirFirstWrite() {
    long first = take("owner-a");

    // what the SDK sends again when the reply to the first write was lost
    assertThat(store.tryAcquire(key, "owner-a", LEASE)).isEqualTo(
        new AcquireResult.Granted(first + 1, clock.millis() + LEASE.toMillis()));
    assertThat(store.release(key, "owner-a")).isTrue();
    assertThat(store.release(key, "owner-a")).isTrue();
  }

  @Test
  void afterTtlDeletedTheItemTokensStillRiseByTheTimeFloor() {
    long token = take("owner-a");
    store.release(key, "owner-a");
    client.deleteItem(request -> request.tableName(TABLE)
        .key(Map.of(DynamoLockTable.PARTITION_KEY, AttributeValue.fromS(key)))); // what TTL does after the retention
    clock.advance(DynamoLockStore.RETENTION);

    assertThat(take("owner-b")).isGreaterThan(token);
  }

  @Test
  void aLeaseUnder1MillisecondIsRefused() {
    assertThatThrownBy(() -> store.tryAcquire(key, "owner-a", Duration.ofNanos(999_999)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aMissingTableIsADynamoLockExceptionNamingIt() {
    DynamoLockStore nowhere = DynamoLockStore.create(client, "no-such-table", clock);

    assertThatThrownBy(() -> nowhere.tryAcquire(key, "owner-a", LEASE))
        .isExactlyInstanceOf(DynamoLockException.class)
        .hasMessageContaining("no-such-table")
        .hasMessageContaining(key)
        .satisfies(e -> assertThat(((DynamoLockException) e).fullKey()).isEqualTo(key));
  }

  private long take(String owner) {
    AcquireResult result = store.tryAcquire(key, owner, LEASE);
    assertThat(result).as("take by %s", owner).isInstanceOf(AcquireResult.Granted.class);
    return ((AcquireResult.Granted) result).fencingToken();
  }
}
