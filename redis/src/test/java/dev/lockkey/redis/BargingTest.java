package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.lock.Concurrently;
import dev.lockkey.lock.Fairness;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.redis.internal.LockNames;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 27: {@link Fairness#BARGING} across executors (each one stands for a process): a waiter
 * does not queue in Redis at first, queues once it has waited {@link Fairness#BARGING_PATIENCE},
 * so a hot holder that takes the lock again and again cannot starve it; one holder at a time, with
 * fencing tokens rising.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BargingTest {
  private static final LockOptions BARGING = LockOptions.builder()
      .fairness(Fairness.BARGING).leaseTime(Duration.ofMinutes(1)).waitTime(Duration.ofSeconds(30)).build();

  private final Servers servers = Servers.onSingleNode(3);

  @AfterEach
  void stop() {
    servers.close();
  }

  @Test
  void aBargingWaiterQueuesOnlyOnceItHasWaitedItsPatience() throws Exception {
    SampleKey key = SampleKey.unique();
    LockNames names = LockNames.of(Servers.KEYSPACE, LockOptions.DEFAULT_PURPOSE, key);
    Lease held = servers.executor(0).acquire(key, BARGING);
    long start = System.nanoTime();
    CompletableFuture<Long> waiter = CompletableFuture.supplyAsync(() -> {
      try (Lease lease = servers.executor(1).acquire(key, BARGING)) {
        return lease.fencingToken();
      }
    });

    RedisAwait.until("the waiter queued", Duration.ofSeconds(10), () -> servers.client(0).zcard(names.waiters()) == 1);
    long queuedAfter = System.nanoTime() - start;
    held.close();

    assertThat(queuedAfter).as("queued after its patience").isGreaterThanOrEqualTo(Fairness.BARGING_PATIENCE.toNanos());
    assertThat(waiter.get(10, TimeUnit.SECONDS)).isGreaterThan(held.fencingToken());
  }

  @Test
  void aHotBargingHolderDoesNotStarveAWaiterOfAnotherExecutor() throws Exception {
    SampleKey key = SampleKey.unique();
    AtomicBoolean waiterDone = new AtomicBoolean();
    AtomicInteger hotCycles = new AtomicInteger();

    List<Integer> results = Concurrently.run(2, i -> () -> {
      if (i == 0) {
        while (!waiterDone.get()) { // releases and takes the lock again at once, for as long as the other waits
          try (Lease lease = servers.executor(0).acquire(key, BARGING)) {
            hotCycles.incrementAndGet();
          }
        }
        return hotCycles.get();
      }
      while (hotCycles.get() < 20) {
        Thread.onSpinWait();
      }
      try (Lease lease = servers.executor(1).acquire(key, BARGING)) {
        return 1;
      } finally {
        waiterDone.set(true);
      }
    });

    assertThat(results.get(1)).isEqualTo(1);
  }

  @Test
  void bargingKeepsOneHolderAtATimeWithRisingTokens() throws Exception {
    SampleKey key = SampleKey.unique();
    AtomicInteger inside = new AtomicInteger();
    AtomicInteger overlaps = new AtomicInteger();
    long[] lastToken = {0};
    AtomicInteger tokenDrops = new AtomicInteger();

    Concurrently.run(6, i -> () -> {
      for (int cycle = 0; cycle < 60; cycle++) {
        try (Lease lease = servers.executor(i % 3).acquire(key, BARGING)) {
          if (inside.incrementAndGet() != 1) {
            overlaps.incrementAndGet();
          }
          if (lease.fencingToken() <= lastToken[0]) {
            tokenDrops.incrementAndGet();
          }
          lastToken[0] = lease.fencingToken();
          inside.decrementAndGet();
        }
      }
      return null;
    });

    assertThat(overlaps).hasValue(0);
    assertThat(tokenDrops).hasValue(0);
  }
}
