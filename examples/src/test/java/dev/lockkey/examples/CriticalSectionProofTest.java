package dev.lockkey.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.FencedStore;
import dev.lockkey.testing.LockKeyTest;
import dev.lockkey.testing.OverlapCounter;
import dev.lockkey.testing.Stall;
import dev.lockkey.testing.TcpProxy;
import dev.lockkey.testing.TestRedis;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The test kit proves what a user's critical section does when its holder is paused past its
 * lease, on the real executor and a real Redis: an unfenced section is caught writing stale data,
 * the fenced one is not; a holder cut off from Redis loses its lease even with renewal; many
 * threads never overlap. The kit also checks after each test that no lock is left.
 */
@LockKeyTest
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class CriticalSectionProofTest {
  /** Short, so that the next holder need not wait long for the paused one's lease to run out; no renewal. */
  private static final LockOptions SHORT_LEASE = LockOptions.builder()
      .leaseTime(Duration.ofMillis(300))
      .waitTime(Duration.ofSeconds(20))
      .build();
  private static final Duration PATIENCE = Duration.ofSeconds(20);

  private final ExecutorService threads = Executors.newFixedThreadPool(8);

  @AfterEach
  void stopThreads() {
    threads.shutdownNow();
  }

  @Test
  void anUnfencedCriticalSectionIsCaughtWritingStaleDataWhenItsHolderPausesPastItsLease(TestRedis redis)
      throws Exception {
    FencedStore<Long> ledger = new FencedStore<>();
    boolean pausedWrote;
    try (RedisLockExecutor locks = executor(redis)) {
      PaymentCaptures payments = new PaymentCaptures(locks, SHORT_LEASE, (token, amount) -> {
        ledger.writeUnfenced(token, amount); // a ledger without a token column
        return true;
      });
      pausedWrote = pauseTheFirstHolderPastItsLease(payments, ledger);
    }

    assertThat(pausedWrote).isTrue();
    assertThat(ledger.value()).as("the paused holder overwrote the next holder's capture").contains(1000L);
    assertThatThrownBy(ledger::assertNoStaleWrite).isInstanceOf(AssertionError.class)
        .hasMessageContaining("1 stale write(s) applied");
  }

  @Test
  void theFencedCriticalSectionRefusesThePausedHoldersStaleWrite(TestRedis redis) throws Exception {
    FencedStore<Long> ledger = new FencedStore<>();
    boolean pausedWrote;
    try (RedisLockExecutor locks = executor(redis)) {
      PaymentCaptures payments = new PaymentCaptures(locks, SHORT_LEASE, ledger::write);
      pausedWrote = pauseTheFirstHolderPastItsLease(payments, ledger);
    }

    assertThat(pausedWrote).isFalse();
    assertThat(ledger.value()).contains(2000L);
    assertThat(ledger.rejectedWrites()).singleElement()
        .satisfies(stale -> assertThat(stale.token()).isLessThan(stale.highestSeen()));
    ledger.assertNoStaleWrite();
  }

  @Test
  void aHolderCutOffFromRedisLosesItsLeaseDespiteRenewalAndItsLateWriteIsRefused(TestRedis redis)
      throws Exception {
    LockOptions renewed = LockOptions.builder()
        .leaseTime(Duration.ofMillis(600))
        .renewal(true)
        .waitTime(Duration.ofSeconds(20))
        .build();
    FencedStore<Long> ledger = new FencedStore<>();
    TcpProxy cable = redis.newProxy();
    try (RedisLockExecutor cutOff = RedisLockExecutor.create(
            JedisConnection.of(redis.newClient(cable, Duration.ofSeconds(2), Duration.ofMillis(300))), Keyspace.of(redis.env()));
        RedisLockExecutor other = executor(redis)) {
      PaymentCaptures first = new PaymentCaptures(cutOff, renewed, ledger::write);
      PaymentCaptures second = new PaymentCaptures(other, renewed, ledger::write);
      Stall beforeWrite = ledger.stallNextWrite();
      Future<Boolean> paused = threads.submit(() -> first.capture("t42", 98765, 1000));
      beforeWrite.awaitHeld(PATIENCE);

      cable.blackHole(); // the first holder's renewals reach Redis no more
      assertThat(second.capture("t42", 98765, 2000)).isTrue();
      cable.heal();
      beforeWrite.release();

      assertThat(paused.get(PATIENCE.toSeconds(), TimeUnit.SECONDS)).isFalse();
    }
    assertThat(ledger.value()).contains(2000L);
    ledger.assertNoStaleWrite();
  }

  @Test
  void eightThreadsCapturingOneOrderNeverOverlap(TestRedis redis) throws Exception {
    OverlapCounter inside = new OverlapCounter();
    FencedStore<Long> ledger = new FencedStore<>();
    try (RedisLockExecutor locks = executor(redis)) {
      PaymentCaptures payments = new PaymentCaptures(locks, LockOptions.defaults(),
          (token, amount) -> inside.call(() -> ledger.write(token, amount)));
      List<Future<Boolean>> captures = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        long amount = i;
        captures.add(threads.submit(() -> payments.capture("t42", 98765, amount)));
      }
      for (Future<Boolean> capture : captures) {
        assertThat(capture.get(PATIENCE.toSeconds(), TimeUnit.SECONDS)).isTrue();
      }
    }

    inside.assertNoOverlap();
    ledger.assertNoStaleWrite();
    assertThat(ledger.writes()).isEqualTo(200);
  }

  /**
   * The first holder takes the lock and stops just before its write; the next holder gets the lock
   * once that lease ran out and writes 2000; then the first holder writes 1000, too late.
   *
   * @return whether the first holder's write was taken
   */
  private boolean pauseTheFirstHolderPastItsLease(PaymentCaptures payments, FencedStore<Long> ledger)
      throws Exception {
    Stall beforeWrite = ledger.stallNextWrite();
    Future<Boolean> paused = threads.submit(() -> payments.capture("t42", 98765, 1000));
    beforeWrite.awaitHeld(PATIENCE);

    assertThat(payments.capture("t42", 98765, 2000)).isTrue();
    beforeWrite.release();

    return paused.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
  }

  private static RedisLockExecutor executor(TestRedis redis) {
    return RedisLockExecutor.create(JedisConnection.of(redis.newClient()), Keyspace.of(redis.env()));
  }
}
