package dev.lockkey.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.Keyspace;
import dev.lockkey.internal.store.PollingBackoff;
import dev.lockkey.lock.Contention;
import dev.lockkey.lock.ContractKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Counts the requests that waiting costs, through a counting proxy: the figures of docs/BACKENDS.md.
 * It prints them; it asserts only what holds on any machine (a waiter polls, but far less than once
 * per first pause).
 */
@ExtendWith(DynaliteExtension.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PollingCostTest {
  private static final String TABLE = "locks-cost-test";
  private static final LockOptions PATIENT = LockOptions.builder().waitTime(Duration.ofSeconds(30)).build();

  private static DynaliteServer dynalite;
  private static DynamoDbClient direct;

  private final Keyspace keyspace = Keyspace.of("p" + Long.toHexString(System.nanoTime()));

  @BeforeAll
  static void createTable(DynaliteServer server, DynamoDbClient dynamoDb) {
    dynalite = server;
    direct = dynamoDb;
    DynamoLockTable.createTable(direct, TABLE);
  }

  @Test
  void aWaiterForALockHeldTwoSecondsPollsAFewTimesASecond() throws Exception {
    ContractKey key = ContractKey.of("order", "held-2s");
    try (ThrottlingProxy proxy = new ThrottlingProxy(dynalite.port());
        DynamoDbClient counted = TestClients.on(proxy.port());
        DynamoLockExecutor holder = DynamoLockExecutor.create(direct, TABLE, keyspace);
        DynamoLockExecutor waiter = DynamoLockExecutor.create(counted, TABLE, keyspace)) {
      Lease held = holder.acquire(key);
      ExecutorService thread = Executors.newSingleThreadExecutor();
      try {
        Future<Lease> waited = thread.submit(() -> waiter.acquire(key, PATIENT));
        long heldSince = System.nanoTime();
        Thread.sleep(2000);
        held.release();
        waited.get(30, TimeUnit.SECONDS).release();
        double seconds = (System.nanoTime() - heldSince) / 1e9;
        int attempts = proxy.requests() - 1; // the last request was the release
        System.out.printf("DynamoDB polling: a waiter for a lock held %.1f s made %d attempts (%.1f per second)%n",
            seconds, attempts, attempts / seconds);
        assertThat(attempts).isBetween(2, (int) (seconds * 1000 / PollingBackoff.FIRST_MILLIS));
      } finally {
        thread.shutdownNow();
      }
    }
  }

  @Test
  void threeContendingExecutorsCostAFewRequestsPerAcquisition() throws Exception {
    ContractKey key = ContractKey.of("order", "contended");
    int perExecutor = 5;
    try (ThrottlingProxy proxy = new ThrottlingProxy(dynalite.port());
        DynamoDbClient counted = TestClients.on(proxy.port())) {
      List<DynamoLockExecutor> executors = List.of(DynamoLockExecutor.create(counted, TABLE, keyspace),
          DynamoLockExecutor.create(counted, TABLE, keyspace), DynamoLockExecutor.create(counted, TABLE, keyspace));
      try {
        Contention.run(executors, key, perExecutor, PATIENT);
      } finally {
        executors.forEach(DynamoLockExecutor::close);
      }
      int acquisitions = executors.size() * perExecutor;
      double attemptsPerAcquisition = (proxy.requests() - acquisitions) / (double) acquisitions; // less the releases
      System.out.printf("DynamoDB polling: 3 executors, %d acquisitions of one key held %d ms each:"
          + " %.1f attempts per acquisition, plus 1 release%n", acquisitions, Contention.WORK_MILLIS,
          attemptsPerAcquisition);
      assertThat(attemptsPerAcquisition).isGreaterThanOrEqualTo(1);
    }
  }
}
