package dev.lockkey.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;

/**
 * Each kind of failure gives its own answer: a held lock is a {@link AcquireResult.Held}, throttling
 * that outlasts the SDK's retries a {@link DynamoThrottledException}, no server a
 * {@link DynamoUnavailableException}.
 */
@ExtendWith(DynaliteExtension.class)
class DynamoStoreFailuresTest {
  private static final Duration LEASE = Duration.ofSeconds(10);
  private static final String TABLE = "locks-failures-test";

  private static DynaliteServer dynalite;
  private static DynamoDbClient direct;

  private ThrottlingProxy proxy;
  private DynamoDbClient throughProxy;
  private final String key = Keyspace.of("test").fullKey("lock", "failures:" + UUID.randomUUID());

  @BeforeAll
  static void createTable(DynaliteServer server, DynamoDbClient dynamoDb) {
    dynalite = server;
    direct = dynamoDb;
    DynamoLockTable.createTable(direct, TABLE);
  }

  @BeforeEach
  void startProxy() {
    proxy = new ThrottlingProxy(dynalite.port());
    throughProxy = TestClients.on(proxy.port());
  }

  @AfterEach
  void stopProxy() {
    throughProxy.close();
    proxy.close();
  }

  @Test
  void aHeldLockIsAnAnswerNotAnException() {
    DynamoLockStore.create(direct, TABLE).tryAcquire(key, "owner-a", LEASE);

    assertThat(DynamoLockStore.create(throughProxy, TABLE).tryAcquire(key, "owner-b", LEASE))
        .isInstanceOf(AcquireResult.Held.class);
  }

  @Test
  void throttlingThroughEveryRetryIsDynamoThrottledException() {
    DynamoLockStore store = DynamoLockStore.create(throughProxy, TABLE);
    proxy.throttleNext(TestClients.MAX_ATTEMPTS);

    assertThatThrownBy(() -> store.tryAcquire(key, "owner-a", LEASE))
        .isInstanceOf(DynamoThrottledException.class)
        .hasMessageContaining(key)
        .hasMessageContaining("ProvisionedThroughputExceededException")
        .hasCauseInstanceOf(ProvisionedThroughputExceededException.class);
    assertThat(proxy.requests()).as("the SDK retried").isEqualTo(TestClients.MAX_ATTEMPTS);
    assertThat(DynamoLockStore.create(direct, TABLE).read(key)).as("nothing was written").isEmpty();
  }

  @Test
  void throttlingThatPassesWithinTheSdksRetriesIsNotSeen() {
    DynamoLockStore store = DynamoLockStore.create(throughProxy, TABLE);
    proxy.throttleNext(TestClients.MAX_ATTEMPTS - 1);

    assertThat(store.tryAcquire(key, "owner-a", LEASE)).isInstanceOf(AcquireResult.Granted.class);
    proxy.throttleNext(TestClients.MAX_ATTEMPTS - 1);
    assertThat(store.release(key, "owner-a")).isTrue();
  }

  @Test
  void throttledReleasesAndExtensionsAreDynamoThrottledException() {
    DynamoLockStore store = DynamoLockStore.create(throughProxy, TABLE);
    store.tryAcquire(key, "owner-a", LEASE);

    proxy.throttleNext(TestClients.MAX_ATTEMPTS);
    assertThatThrownBy(() -> store.extend(key, "owner-a", LEASE)).isInstanceOf(DynamoThrottledException.class);
    proxy.throttleNext(TestClients.MAX_ATTEMPTS);
    assertThatThrownBy(() -> store.release(key, "owner-a")).isInstanceOf(DynamoThrottledException.class);

    assertThat(store.release(key, "owner-a")).as("still held after the failures").isTrue();
  }

  @Test
  void aClosedPortIsDynamoUnavailableExceptionForEveryOperation() {
    try (DynamoDbClient nowhere = TestClients.on(TestClients.closedPort())) {
      DynamoLockStore store = DynamoLockStore.create(nowhere, TABLE);

      assertThatThrownBy(() -> store.tryAcquire(key, "owner-a", LEASE))
          .isInstanceOf(DynamoUnavailableException.class)
          .hasMessageContaining(key)
          .satisfies(e -> assertThat(((DynamoLockException) e).fullKey()).isEqualTo(key));
      assertThatThrownBy(() -> store.extend(key, "owner-a", LEASE)).isInstanceOf(DynamoUnavailableException.class);
      assertThatThrownBy(() -> store.release(key, "owner-a")).isInstanceOf(DynamoUnavailableException.class);
      assertThatThrownBy(() -> store.read(key)).isInstanceOf(DynamoUnavailableException.class);
    }
  }
}
