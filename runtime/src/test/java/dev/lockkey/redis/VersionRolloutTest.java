package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.RedisClient;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class VersionRolloutTest {
  private static final Keyspace KEYSPACE = Keyspace.of("test");
  private static final LockOptions OPTIONS = LockOptions.builder().waitTime(Duration.ofSeconds(20)).build();
  private static final int ROUNDS = 25;

  private final List<RedisClient> clients = new ArrayList<>();
  private final List<RedisLockExecutor> executors = new ArrayList<>();
  /** Callers inside the critical section of the resource right now, and the most ever seen. */
  private final AtomicInteger inside = new AtomicInteger();
  private final AtomicInteger mostInside = new AtomicInteger();

  @BeforeEach
  void startServers() {
    for (int i = 0; i < 2; i++) {
      RedisClient client = RedisFixture.shared().newClient();
      clients.add(client);
      executors.add(RedisLockExecutor.create(client, KEYSPACE));
    }
  }

  @AfterEach
  void stopServers() {
    executors.forEach(RedisLockExecutor::close);
    clients.forEach(RedisClient::close);
  }

  /** The guarded work: records how many callers overlap in it. */
  private int critical(Lease lease) throws InterruptedException {
    int now = inside.incrementAndGet();
    mostInside.accumulateAndGet(now, Math::max);
    Thread.sleep(1); // widen the window an overlap would need
    inside.decrementAndGet();
    return 1;
  }

  @Test
  void duringTheRolloutVersionOneAndVersionTwoClientsNeverHoldTheResourceTogether() throws Exception {
    String id = UUID.randomUUID().toString();
    SampleKey v1 = SampleKey.item(1, id);
    SampleKey v2 = SampleKey.item(2, id);

    List<Integer> rounds = Concurrently.run(8, i -> () -> {
      RedisLockExecutor executor = executors.get(i % 2);
      int done = 0;
      for (int round = 0; round < ROUNDS; round++) {
        done += i < 4
            ? executor.withLock(v1, OPTIONS, this::critical) // an instance still on version 1
            : VersionRollout.lockingBoth(executor).withLock(v2, v1, OPTIONS, this::critical);
      }
      return done;
    });

    assertThat(rounds).containsOnly(ROUNDS);
    assertThat(mostInside).hasValue(1);
  }

  @Test
  void switchingToTheCurrentKeyOnlyIsSafeOnceNoVersionOneClientRuns() throws Exception {
    String id = UUID.randomUUID().toString();
    SampleKey v1 = SampleKey.item(1, id);
    SampleKey v2 = SampleKey.item(2, id);

    List<Integer> rounds = Concurrently.run(8, i -> () -> {
      RedisLockExecutor executor = executors.get(i % 2);
      VersionRollout rollout = i < 4 ? VersionRollout.lockingBoth(executor) : VersionRollout.lockingCurrentOnly(executor);
      int done = 0;
      for (int round = 0; round < ROUNDS; round++) {
        done += rollout.withLock(v2, v1, OPTIONS, this::critical);
      }
      return done;
    });

    assertThat(rounds).containsOnly(ROUNDS);
    assertThat(mostInside).hasValue(1);
  }

  @Test
  void onlyLockingBothExcludesAVersionOneHolder() {
    String id = UUID.randomUUID().toString();
    SampleKey v1 = SampleKey.item(1, id);
    SampleKey v2 = SampleKey.item(2, id);
    LockOptions noWait = LockOptions.builder().waitTime(Duration.ZERO).build();

    try (Lease versionOne = executors.get(0).acquire(v1, OPTIONS)) {
      assertThatThrownBy(() -> VersionRollout.lockingBoth(executors.get(1)).acquire(v2, v1, noWait))
          .isInstanceOf(LockTimeoutException.class)
          .hasMessageContaining(KEYSPACE.fullKey("lock", v1));
      try (MultiLease tooEarly = VersionRollout.lockingCurrentOnly(executors.get(1)).acquire(v2, v1, noWait)) {
        assertThat(tooEarly.leases()).extracting(Lease::key).containsExactly(v2); // why step 2 waits for v1 to go
      }
      assertThat(versionOne.isLost()).isFalse();
    }
  }

  @Test
  void theWorkGetsTheLeaseWhoseFencingTokensTheResourceKnows() {
    String id = UUID.randomUUID().toString();
    SampleKey v1 = SampleKey.item(1, id);
    SampleKey v2 = SampleKey.item(2, id);
    long versionOneToken;
    try (Lease lease = executors.get(0).acquire(v1, OPTIONS)) {
      versionOneToken = lease.fencingToken();
    }

    Lease during = VersionRollout.lockingBoth(executors.get(1)).withLock(v2, v1, OPTIONS, lease -> lease);
    Lease after = VersionRollout.lockingCurrentOnly(executors.get(1)).withLock(v2, v1, OPTIONS, lease -> lease);

    assertThat(during.key()).isEqualTo(v1);
    assertThat(during.fencingToken()).isGreaterThan(versionOneToken);
    assertThat(after.key()).isEqualTo(v2);
    assertThat(after.fencingToken()).isGreaterThan(during.fencingToken());
  }

  @Test
  void rejectsARolloutThatDoesNotGoToAHigherVersion() {
    VersionRollout rollout = VersionRollout.lockingBoth(executors.get(0));
    assertThatThrownBy(() -> rollout.acquire(SampleKey.item(1, "a"), SampleKey.item(2, "a"), OPTIONS))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a rollout goes from a lower to a higher spec version: previous SampleItemV2 is v2, "
            + "current SampleItemV1 is v1");
  }
}
