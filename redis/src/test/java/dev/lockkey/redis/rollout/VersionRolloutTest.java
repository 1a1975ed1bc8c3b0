package dev.lockkey.redis.rollout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Concurrently;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.lock.LockedWork;
import dev.lockkey.lock.MultiLease;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.Servers;
import dev.lockkey.rollout.VersionRollout;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class VersionRolloutTest {
  private static final Keyspace KEYSPACE = Servers.KEYSPACE;
  private static final LockOptions OPTIONS = LockOptions.builder().waitTime(Duration.ofSeconds(20)).build();
  private static final int CALLERS = 8;
  private static final int ROUNDS = 25;

  private final Servers servers = Servers.onSingleNode(2);
  /** Callers inside the critical section of the resource right now, and the most ever seen. */
  private final AtomicInteger inside = new AtomicInteger();
  private final AtomicInteger mostInside = new AtomicInteger();

  @AfterEach
  void stopServers() {
    servers.close();
  }

  /** How caller {@code i} runs the guarded work on its server's executor. */
  @FunctionalInterface
  private interface Caller {
    int lockAndRun(int i, RedisLockExecutor executor, LockedWork<Integer, InterruptedException> work)
        throws InterruptedException;
  }

  /** {@value #CALLERS} callers on alternating servers, {@value #ROUNDS} rounds each: they all finish, never two inside. */
  private void assertNeverTogether(Servers on, Caller caller) throws Exception {
    LockedWork<Integer, InterruptedException> critical = lease -> {
      mostInside.accumulateAndGet(inside.incrementAndGet(), Math::max);
      Thread.sleep(1); // widen the window an overlap would need
      inside.decrementAndGet();
      return 1;
    };
    List<Integer> rounds = Concurrently.run(CALLERS, i -> () -> {
      int done = 0;
      for (int round = 0; round < ROUNDS; round++) {
        done += caller.lockAndRun(i, on.executor(i % on.count()), critical);
      }
      return done;
    });
    assertThat(rounds).containsOnly(ROUNDS);
    assertThat(mostInside).hasValue(1);
  }

  /** During the rollout: half the callers still run version 1, half run version 2 locking both keys. */
  private static Caller versionOneAndTwo(SampleKey v1, SampleKey v2) {
    return (i, executor, work) -> i < CALLERS / 2
        ? executor.withLock(v1, OPTIONS, work)
        : VersionRollout.lockingBoth(executor).withLock(v2, v1, OPTIONS, work);
  }

  @Test
  void duringTheRolloutVersionOneAndVersionTwoClientsNeverHoldTheResourceTogether() throws Exception {
    String id = UUID.randomUUID().toString();
    assertNeverTogether(servers, versionOneAndTwo(SampleKey.item(1, id), SampleKey.item(2, id)));
  }

  @Test
  void onAClusterTheTwoVersionsAreExclusiveAlsoWhenTheirKeysLiveOnDifferentMasters() throws Exception {
    String id = UUID.randomUUID().toString();
    while (Servers.clusterMaster(SampleKey.item(1, id)) == Servers.clusterMaster(SampleKey.item(2, id))) {
      id = UUID.randomUUID().toString();
    }
    try (Servers cluster = Servers.onCluster(2)) {
      assertNeverTogether(cluster, versionOneAndTwo(SampleKey.item(1, id), SampleKey.item(2, id)));
    }
  }

  @Test
  void switchingToTheCurrentKeyOnlyIsSafeOnceNoVersionOneClientRuns() throws Exception {
    String id = UUID.randomUUID().toString();
    SampleKey v1 = SampleKey.item(1, id);
    SampleKey v2 = SampleKey.item(2, id);
    assertNeverTogether(servers, (i, executor, work) -> (i < CALLERS / 2
        ? VersionRollout.lockingBoth(executor)
        : VersionRollout.lockingCurrentOnly(executor)).withLock(v2, v1, OPTIONS, work));
  }

  @Test
  void onlyLockingBothExcludesAVersionOneHolder() {
    String id = UUID.randomUUID().toString();
    SampleKey v1 = SampleKey.item(1, id);
    SampleKey v2 = SampleKey.item(2, id);
    LockOptions noWait = LockOptions.builder().waitTime(Duration.ZERO).build();

    try (Lease versionOne = servers.executor(0).acquire(v1, OPTIONS)) {
      assertThatThrownBy(() -> VersionRollout.lockingBoth(servers.executor(1)).acquire(v2, v1, noWait))
          .isInstanceOf(LockTimeoutException.class)
          .hasMessageContaining(KEYSPACE.fullKey("lock", v1));
      try (MultiLease tooEarly = VersionRollout.lockingCurrentOnly(servers.executor(1)).acquire(v2, v1, noWait)) {
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
    try (Lease lease = servers.executor(0).acquire(v1, OPTIONS)) {
      versionOneToken = lease.fencingToken();
    }

    Lease during = VersionRollout.lockingBoth(servers.executor(1)).withLock(v2, v1, OPTIONS, lease -> lease);
    Lease after = VersionRollout.lockingCurrentOnly(servers.executor(1)).withLock(v2, v1, OPTIONS, lease -> lease);

    assertThat(during.key()).isEqualTo(v1);
    assertThat(during.fencingToken()).isGreaterThan(versionOneToken);
    assertThat(after.key()).isEqualTo(v2);
    assertThat(after.fencingToken()).isGreaterThan(during.fencingToken());
  }

  @Test
  void rejectsARolloutThatDoesNotGoToAHigherVersion() {
    VersionRollout rollout = VersionRollout.lockingBoth(servers.executor(0));
    assertThatThrownBy(() -> rollout.acquire(SampleKey.item(1, "a"), SampleKey.item(2, "a"), OPTIONS))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a rollout goes from a lower to a higher spec version: previous SampleItemV2 is v2, "
            + "current SampleItemV1 is v1");
  }
}
