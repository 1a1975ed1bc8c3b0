package dev.lockkey.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.ContractKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A server of its own per test, paused (SIGSTOP) or restarted under the executor. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PostgresFaultsTest {
  private static final Keyspace KEYSPACE = Keyspace.of("faults");
  private static final Duration TIMEOUT = Duration.ofSeconds(1);

  @Test
  void aPausedServerIsUnavailableWithinTheTimeoutAndTheLeaseHeldAcrossThePauseStillHolds() {
    try (TestPostgres server = TestPostgres.dedicated();
        JdbcLockExecutor holder = executor(server);
        JdbcLockExecutor other = executor(server)) {
      ContractKey key = ContractKey.of("order", "paused");
      Lease held = holder.acquire(key, LockOptions.builder().leaseTime(Duration.ofSeconds(90)).build());

      server.pause();
      long start = System.nanoTime();
      try {
        assertThatThrownBy(() -> other.tryAcquire(key)).isInstanceOf(JdbcUnavailableException.class);
        assertThat(System.nanoTime() - start).as("ns until the failure")
            .isLessThan(TimeUnit.SECONDS.toNanos(40)); // the pool's timeout, not forever
      } finally {
        server.resume();
      }

      assertThat(other.tryAcquire(key)).as("still held after the pause").isEmpty();
      assertThat(held.release()).isTrue();
      assertThat(other.tryAcquire(key)).hasValueSatisfying(next -> {
        assertThat(next.fencingToken()).isGreaterThan(held.fencingToken());
        next.release();
      });
    }
  }

  @Test
  void aRestartedServerKeepsItsLocksAndFencingTokensAndTheExecutorGoesOn() {
    try (TestPostgres server = TestPostgres.dedicated(); JdbcLockExecutor locks = executor(server)) {
      ContractKey free = ContractKey.of("order", "free");
      ContractKey held = ContractKey.of("order", "held");
      long before = locks.withLock(free, Lease::fencingToken);
      Lease holding = locks.acquire(held, LockOptions.builder().leaseTime(Duration.ofSeconds(60)).build());

      server.restart();

      assertThat(locks.withLock(free, Lease::fencingToken)).as("the token after the restart").isGreaterThan(before);
      try (JdbcLockExecutor other = executor(server)) {
        assertThat(other.tryAcquire(held)).as("a lease taken before the restart holds").isEmpty();
      }
      assertThat(holding.release()).isTrue();
    }
  }

  private static JdbcLockExecutor executor(TestPostgres server) {
    return JdbcLockExecutor.builder(server.pool(4), KEYSPACE).operationTimeout(TIMEOUT).build();
  }
}
