package dev.lockkey.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.SpecDescriptor;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.MultiLease;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The DynamoDB walk-through that docs/guides/dynamodb.md names, on dynalite: it prints what
 * happens and checks every claim it prints. Run it alone with
 * {@code mvn -q -pl dynamodb -am verify -Dtest=DynamoDemoTest -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@ExtendWith(DynaliteExtension.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DynamoDemoTest {
  private static final String TABLE = "lockkey-demo";

  @Test
  void walkThrough(DynaliteServer dynalite) throws Exception {
    try (DynamoDbClient dynamoDb = TestClients.on(dynalite.port())) {
      DynamoLockTable.createTable(dynamoDb, TABLE);
      Keyspace demo = Keyspace.of("demo");
      PaymentCaptureKey order = new PaymentCaptureKey("t42", 98765);
      DynamoLockStore store = DynamoLockStore.create(dynamoDb, TABLE);
      say("table %s on dynalite at 127.0.0.1:%d", TABLE, dynalite.port());

      List<DynamoLockExecutor> workers = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        workers.add(DynamoLockExecutor.create(dynamoDb, TABLE, demo));
      }
      try {
        List<Optional<Lease>> race = race(workers, order);
        long winners = race.stream().filter(Optional::isPresent).count();
        Lease winner = race.stream().flatMap(Optional::stream).findFirst().orElseThrow();
        say("5 workers race for %s: %d wins (fencing token %d), %d find it held",
            winner.fullKey(), winners, winner.fencingToken(), race.size() - winners);
        assertThat(winners).isEqualTo(1);
        say("the item: %s", store.read(winner.fullKey()).orElseThrow());
        winner.release();

        Lease stale = workers.get(0).acquire(order, LockOptions.builder().leaseTime(Duration.ofMillis(300)).build());
        Lease next = workers.get(1).acquire(order, LockOptions.builder().waitTime(Duration.ofSeconds(10)).build());
        boolean staleRelease = stale.release();
        say("a holder paused past its 300 ms lease: the next holder took over with token %d > %d;"
            + " the stale release returned %s and changed nothing", next.fencingToken(), stale.fencingToken(),
            staleRelease);
        assertThat(next.fencingToken()).isGreaterThan(stale.fencingToken());
        assertThat(staleRelease).isFalse();
        next.release();

        AccountKey from = new AccountKey("alice");
        AccountKey to = new AccountKey("bob");
        try (MultiLease both = workers.get(2).acquireAll(List.of(to, from))) {
          say("a transfer locks both accounts in canonical order: %s, %s",
              both.leases().get(0).fullKey(), both.leases().get(1).fullKey());
          assertThat(workers.get(3).tryAcquire(from)).isEmpty();
        }
      } finally {
        workers.forEach(DynamoLockExecutor::close);
      }
    }
  }

  /** Every worker tries once, all at the same moment. */
  private static List<Optional<Lease>> race(List<DynamoLockExecutor> workers, LockKey key) throws Exception {
    ExecutorService threads = Executors.newFixedThreadPool(workers.size());
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Optional<Lease>>> attempts = new ArrayList<>();
      for (DynamoLockExecutor worker : workers) {
        attempts.add(threads.submit(() -> {
          start.await();
          return worker.tryAcquire(key);
        }));
      }
      start.countDown();
      List<Optional<Lease>> results = new ArrayList<>();
      for (Future<Optional<Lease>> attempt : attempts) {
        results.add(attempt.get(30, TimeUnit.SECONDS));
      }
      return results;
    } finally {
      threads.shutdownNow();
    }
  }

  private static void say(String format, Object... args) {
    System.out.println("dynamodb demo: " + String.format(format, args));
  }

  /** Stands in for the generated {@code PaymentCaptureKey} (the processor does not run in this module's tests). */
  private record PaymentCaptureKey(String tenant, long orderId) implements LockKey {
    @Override
    public String canonical() {
      return "payment:capture:v1:" + tenant + ":" + orderId;
    }

    @Override
    public SpecDescriptor spec() {
      return new SpecDescriptor("demo.PaymentCapture", "payment", "capture", 1, "payment:capture:v1:{tenant}:{orderId}",
          List.of(FieldDescriptor.of("tenant", "java.lang.String"), FieldDescriptor.of("orderId", "long")));
    }
  }

  /** Stands in for a generated account key. */
  private record AccountKey(String account) implements LockKey {
    @Override
    public String canonical() {
      return "account:balance:v1:" + account;
    }

    @Override
    public SpecDescriptor spec() {
      return new SpecDescriptor("demo.AccountBalance", "account", "balance", 1, "account:balance:v1:{account}",
          List.of(FieldDescriptor.of("account", "java.lang.String")));
    }
  }
}
