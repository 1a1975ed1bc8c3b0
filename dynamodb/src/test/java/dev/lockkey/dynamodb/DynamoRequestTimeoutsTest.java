package dev.lockkey.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.lock.ContractKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.testing.TcpProxy;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.HostAndPort;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Lock calls bounded by their lease, through the kit's {@link TcpProxy} in front of dynalite and a
 * client with the SDK's own timeouts and retries (30 s socket reads, nine attempts against a
 * refusing endpoint): a renewal or a release ends by its lease's deadline, and a waiting acquire
 * within its wait time plus one request timeout, whether the endpoint black-holes or refuses.
 * Each call's end is taken from the SDK's interceptor hooks ({@link CallLog}); {@link #SLACK} is
 * for the SDK to unwind after its timer fired, on a loaded machine. Without the per-request
 * timeouts a black-holed call would take 30 s.
 */
@ExtendWith(DynaliteExtension.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DynamoRequestTimeoutsTest {
  private static final String TABLE = "locks-timeouts-test";
  private static final Duration SLACK = Duration.ofMillis(500);
  private static final Duration LEASE = Duration.ofMillis(1500);
  /** The request timeouts of the renewal and release cases: longer than the lease, which then bounds each call. */
  private static final Duration LONG_ATTEMPT = Duration.ofSeconds(5);
  private static final Duration LONG_REQUEST = Duration.ofSeconds(10);
  private static final Duration ATTEMPT = Duration.ofMillis(300);
  private static final Duration REQUEST = Duration.ofSeconds(1);
  private static final Duration WAIT = Duration.ofSeconds(1);

  private static DynaliteServer dynalite;
  private static DynamoDbClient direct;

  private final Keyspace keyspace = Keyspace.of("t" + Long.toHexString(System.nanoTime()));
  private final LockKey key = ContractKey.of("order", "bounded");
  private final CallLog log = new CallLog();
  private TcpProxy proxy;
  private DynamoDbClient throughProxy;
  private DynamoLockExecutor executor;

  /** How the endpoint fails. */
  enum Fault {
    /** Connections stay open, bytes stop: each attempt waits for its timeout. */
    BLACK_HOLE(TcpProxy::blackHole),
    /** Connections are refused (the kept-alive one reset): the SDK retries at once, nine times. */
    REFUSE(TcpProxy::cut);

    private final Consumer<TcpProxy> begin;

    Fault(Consumer<TcpProxy> begin) {
      this.begin = begin;
    }
  }

  @BeforeAll
  static void createTable(DynaliteServer server, DynamoDbClient dynamoDb) {
    dynalite = server;
    direct = dynamoDb;
    DynamoLockTable.createTable(direct, TABLE);
  }

  @BeforeEach
  void startProxy() {
    proxy = TcpProxy.start(new HostAndPort("127.0.0.1", dynalite.port()));
    throughProxy = TestClients.withSdkDefaults(proxy.port(), log);
  }

  @AfterEach
  void stopAll() {
    if (executor != null) {
      executor.close();
    }
    throughProxy.close();
    proxy.close();
  }

  @ParameterizedTest
  @EnumSource(Fault.class)
  void aRenewalNeverOutlivesItsLease(Fault fault) throws InterruptedException {
    CountDownLatch lost = new CountDownLatch(1);
    executor = executor(LONG_ATTEMPT, LONG_REQUEST, new LockListener() {
      @Override
      public void onLeaseLost(LockKey lockKey) {
        lost.countDown();
      }
    });
    Lease lease = executor.acquire(key, LockOptions.builder().leaseTime(LEASE).renewal(true).build());
    long faultNanos = System.nanoTime();
    fault.begin.accept(proxy);

    assertThat(lost.await(30, TimeUnit.SECONDS)).as("lost once renewals failed").isTrue();
    long deadlineNanos = System.nanoTime() + lease.remainingNanos(); // no renewal since the fault: it stays
    List<CallLog.Call> renewals = log.since("UpdateItem", faultNanos);

    assertThat(lease.isLost()).isTrue();
    assertThat(renewals).as("renewals after the fault").isNotEmpty().allSatisfy(renewal -> {
      assertThat(renewal.thread()).startsWith("lockkey-dynamodb-renewal-");
      assertThat(renewal.latestEndNanos()).as("the SDK's deadline").isLessThanOrEqualTo(deadlineNanos);
      assertThat(renewal.endNanos()).as("its end").isLessThanOrEqualTo(deadlineNanos + SLACK.toNanos());
    });
    assertThat(renewals.get(renewals.size() - 1).failure()).as("the last renewal's failure").isNotNull();
  }

  @ParameterizedTest
  @EnumSource(Fault.class)
  void aReleaseNeverOutlivesItsLeaseAndOneAfterItSendsNothing(Fault fault) {
    executor = executor(LONG_ATTEMPT, LONG_REQUEST, LockListener.NONE);
    Lease lease = executor.acquire(key, LockOptions.builder().leaseTime(LEASE).build());
    long faultNanos = System.nanoTime();
    fault.begin.accept(proxy);
    long deadlineNanos = System.nanoTime() + lease.remainingNanos();

    assertThatThrownBy(lease::release).isInstanceOf(DynamoUnavailableException.class);
    assertThat(System.nanoTime()).as("the release's end").isLessThanOrEqualTo(deadlineNanos + SLACK.toNanos());
    assertThat(log.since("UpdateItem", faultNanos)).singleElement()
        .satisfies(release -> assertThat(release.latestEndNanos()).isLessThanOrEqualTo(deadlineNanos));
    assertThat(Thread.currentThread().isInterrupted()).as("the SDK's timer left the flag set").isFalse();

    while (lease.remainingNanos() > 0) { // (a few ms at most: the release took what was left)
      Thread.onSpinWait();
    }
    long afterNanos = System.nanoTime();
    assertThat(lease.release()).as("ran out: not held").isFalse();
    assertThat(log.since("UpdateItem", afterNanos)).as("requests after the lease ran out").isEmpty();
  }

  @ParameterizedTest
  @EnumSource(Fault.class)
  void aWaitingAcquireReturnsWithinItsWaitTimePlusOneRequestTimeout(Fault fault) throws InterruptedException {
    DynamoLockExecutor holder = DynamoLockExecutor.create(direct, TABLE, keyspace);
    try (Lease held = holder.acquire(key)) {
      executor = executor(ATTEMPT, REQUEST, LockListener.NONE);
      Thread faultLater = new Thread(() -> {
        try {
          Thread.sleep(WAIT.toMillis() * 3 / 5); // while the waiter polls
          fault.begin.accept(proxy);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
      long start = System.nanoTime();
      faultLater.start();

      assertThatThrownBy(() -> executor.acquire(key, LockOptions.builder().waitTime(WAIT).build()))
          .isInstanceOfAny(DynamoUnavailableException.class, LockTimeoutException.class);
      long elapsed = System.nanoTime() - start;
      faultLater.join();

      assertThat(Duration.ofNanos(elapsed)).isLessThanOrEqualTo(WAIT.plus(REQUEST).plus(SLACK));
      assertThat(log.since("UpdateItem", start)).as("the waiter's attempts").isNotEmpty().allSatisfy(attempt -> {
        assertThat(attempt.callTimeout()).isEqualTo(REQUEST);
        assertThat(attempt.attemptTimeout()).isEqualTo(ATTEMPT);
      });
      assertThat(Thread.currentThread().isInterrupted()).as("the SDK's timer left the flag set").isFalse();
      assertThat(held.isLost()).isFalse();
    } finally {
      holder.close();
    }
  }

  private DynamoLockExecutor executor(Duration attempt, Duration request, LockListener listener) {
    return DynamoLockExecutor.builder(throughProxy, TABLE, keyspace)
        .requestTimeouts(attempt, request)
        .listener(listener)
        .build();
  }
}
