package dev.lockkey.redis.internal;

import dev.lockkey.internal.OwnerTokens;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.UnifiedJedis;

/**
 * The queue scripts of issue 15 run twice with the same arguments, as a client's retry after a
 * timeout runs them when the node was only slow: a second enqueue keeps the first place, a second
 * release or handoff finds the new owner in place; every queue key expires; the uncontended path
 * never touches the queue.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RemoteWaiterScriptsTest {
  private static final Keyspace KEYSPACE = Keyspace.of("test");
  private static final Duration LEASE = Duration.ofMinutes(2);

  private final UnifiedJedis redis = RedisFixture.shared().newClient();
  private final LockCommands commands = new LockCommands(JedisConnection.of(redis));

  @AfterEach
  void close() {
    redis.close();
  }

  private static LockNames names() {
    return LockNames.of(KEYSPACE, LockOptions.DEFAULT_PURPOSE, SampleKey.unique());
  }

  private LockCommands.Attempt join(LockNames lock, String owner, RemoteWaiters.Mode mode) {
    return commands.acquire(List.of(lock), owner, LEASE, mode);
  }

  @Test
  void anEnqueueRunTwiceKeepsOneEntryInItsFirstPlaceAndEveryQueueKeyExpires() {
    LockNames lock = names();
    commands.acquire(List.of(lock), OwnerTokens.next(), LEASE);
    String first = OwnerTokens.next();
    String second = OwnerTokens.next();

    assertThat(join(lock, first, RemoteWaiters.Mode.JOIN).acquired()).isFalse();
    assertThat(join(lock, second, RemoteWaiters.Mode.JOIN).acquired()).isFalse();
    assertThat(join(lock, first, RemoteWaiters.Mode.QUEUED).acquired()).isFalse();

    assertThat(redis.zrange(lock.waiters(), 0, -1)).containsExactly(first, second);
    assertThat(redis.hlen(lock.waiting())).isEqualTo(2);
    long entryTtl = RemoteWaiters.ENTRY_TTL.toMillis();
    assertThat(redis.pttl(lock.waiters())).isBetween(1L, entryTtl);
    assertThat(redis.pttl(lock.waiting())).isBetween(1L, entryTtl);
  }

  @Test
  void aReleaseRunTwiceHandsTheLockOverOnceAndTheNewOwnerConfirmsIt() {
    LockNames lock = names();
    String holder = OwnerTokens.next();
    long held = commands.acquire(List.of(lock), holder, LEASE).tokens()[0];
    String waiter = OwnerTokens.next();
    join(lock, waiter, RemoteWaiters.Mode.JOIN);

    assertThat(commands.release(List.of(lock), holder)).containsExactly(true);
    String fence = redis.get(lock.fence());
    assertThat(commands.release(List.of(lock), holder)).as("the retry").containsExactly(true);

    assertThat(redis.get(lock.lock())).isEqualTo(waiter);
    assertThat(redis.get(lock.fence())).as("handed over once").isEqualTo(fence);
    assertThat(redis.pttl(lock.lock())).as("a claim as long as the entry's life")
        .isBetween(1L, RemoteWaiters.ENTRY_TTL.toMillis());
    assertThat(redis.exists(lock.waiters())).isFalse();
    LockCommands.Attempt confirmed = join(lock, waiter, RemoteWaiters.Mode.QUEUED);
    assertThat(confirmed.acquired()).isTrue();
    assertThat(confirmed.tokens()[0]).isGreaterThan(held).isEqualTo(Long.parseLong(fence));
    assertThat(redis.pttl(lock.lock())).as("the claim raised to the lease")
        .isGreaterThan(RemoteWaiters.ENTRY_TTL.toMillis());
  }

  @Test
  void aHandoffThatDoesNotLookPassesLocallyOneThatLooksGoesToTheQueueAndARetryFindsTheNewOwner() {
    LockNames lock = names();
    String owner = OwnerTokens.next();
    commands.acquire(List.of(lock), owner, LEASE);
    String remote = OwnerTokens.next();
    String second = OwnerTokens.next();
    join(lock, remote, RemoteWaiters.Mode.JOIN);
    join(lock, second, RemoteWaiters.Mode.JOIN);

    String local = OwnerTokens.next();
    assertThat(commands.handoff(lock, owner, local, LEASE, false, false).outcome()).isEqualTo(LockCommands.Handoff.PASSED);
    String starved = OwnerTokens.next();
    LockCommands.HandoffResult handedOver = commands.handoff(lock, local, starved, LEASE, true, false);
    LockCommands.HandoffResult retried = commands.handoff(lock, local, starved, LEASE, true, false);

    assertThat(handedOver.outcome()).isEqualTo(LockCommands.Handoff.RELEASED_FOR_OTHERS);
    assertThat(retried.outcome()).isEqualTo(LockCommands.Handoff.RELEASED_FOR_OTHERS);
    assertThat(redis.get(lock.lock())).isEqualTo(remote);
    assertThat(redis.zrange(lock.waiters(), 0, -1)).containsExactly(second);
    assertThat(redis.exists(lock.contended())).as("the second still queues: the next release serves it").isTrue();
  }

  @Test
  void aHandoffThatSendsTheLockElsewhereQueuesTheNextLocalWaiterLastAndARetryKeepsItsPlace() {
    LockNames lock = names();
    String owner = OwnerTokens.next();
    commands.acquire(List.of(lock), owner, LEASE);
    String remote = OwnerTokens.next();
    String second = OwnerTokens.next();
    join(lock, remote, RemoteWaiters.Mode.JOIN);
    join(lock, second, RemoteWaiters.Mode.JOIN);
    String local = OwnerTokens.next();

    LockCommands.HandoffResult handedOver = commands.handoff(lock, owner, local, LEASE, true, true);
    LockCommands.HandoffResult retried = commands.handoff(lock, owner, local, LEASE, true, true);

    assertThat(handedOver.outcome()).isEqualTo(LockCommands.Handoff.RELEASED_FOR_OTHERS);
    assertThat(handedOver.entry()).as("the local waiter's entry lives as long as its own attempt's would")
        .isNotEqualTo(LockCommands.Attempt.NOT_QUEUED);
    assertThat(redis.hget(lock.waiting(), local)).isEqualTo(Long.toString(handedOver.entry()));
    assertThat(retried.outcome()).isEqualTo(LockCommands.Handoff.RELEASED_FOR_OTHERS);
    assertThat(retried.entry()).as("the retry cannot tell: the waiter's own attempt finds out")
        .isEqualTo(LockCommands.Attempt.NOT_QUEUED);
    assertThat(redis.get(lock.lock())).isEqualTo(remote);
    assertThat(redis.zrange(lock.waiters(), 0, -1)).containsExactly(second, local);
    assertThat(join(lock, local, RemoteWaiters.Mode.JOIN).acquired()).isFalse();
    assertThat(redis.zrange(lock.waiters(), 0, -1)).as("its own attempt keeps its place").containsExactly(second, local);
    long entryTtl = RemoteWaiters.ENTRY_TTL.toMillis();
    assertThat(redis.pttl(lock.waiters())).isBetween(1L, entryTtl);
    assertThat(redis.pttl(lock.waiting())).isBetween(1L, entryTtl);
    assertThat(redis.pttl(lock.contended())).as("others queue: the next release looks").isBetween(1L, entryTtl);
  }

  @Test
  void aHandoffThatLooksAndFindsNobodyElsewherePassesLocally() {
    LockNames lock = names();
    String owner = OwnerTokens.next();
    commands.acquire(List.of(lock), owner, LEASE);
    String local = OwnerTokens.next();

    assertThat(commands.handoff(lock, owner, local, LEASE, true, false).outcome()).isEqualTo(LockCommands.Handoff.PASSED);
    assertThat(redis.get(lock.lock())).isEqualTo(local);
  }

  @Test
  void aWaiterThatGivesUpLeavesTheQueueAndPassesOnALockHandedToIt() {
    LockNames lock = names();
    String holder = OwnerTokens.next();
    commands.acquire(List.of(lock), holder, LEASE);
    String quitter = OwnerTokens.next();
    String next = OwnerTokens.next();
    join(lock, quitter, RemoteWaiters.Mode.JOIN);
    join(lock, next, RemoteWaiters.Mode.JOIN);
    commands.release(List.of(lock), holder); // to the quitter, who has stopped waiting

    commands.cleanUp(List.of(lock), quitter, LEASE);

    assertThat(redis.get(lock.lock())).isEqualTo(next);
    assertThat(redis.exists(lock.waiters())).isFalse();
  }

  @Test
  void aLateCopyOfAnAttemptAfterItsWaiterGaveUpQueuesItNoMore() {
    LockNames lock = names();
    commands.acquire(List.of(lock), OwnerTokens.next(), LEASE);
    String quitter = OwnerTokens.next();
    join(lock, quitter, RemoteWaiters.Mode.JOIN);
    commands.cleanUp(List.of(lock), quitter, LEASE); // it gave up

    LockCommands.Attempt late = join(lock, quitter, RemoteWaiters.Mode.QUEUED); // a copy still on its way

    assertThat(late.acquired()).isFalse();
    assertThat(late.entry()).isEqualTo(LockCommands.Attempt.NOT_QUEUED);
    assertThat(redis.zrange(lock.waiters(), 0, -1)).as("no dead entry to hand the lock to").doesNotContain(quitter);
    assertThat(redis.hget(lock.waiting(), quitter)).isNull();
  }

  @Test
  void theUncontendedCycleNeverTouchesTheQueue() {
    LockNames lock = names();
    String owner = OwnerTokens.next();

    assertThat(join(lock, owner, RemoteWaiters.Mode.JOIN).acquired()).isTrue();
    assertThat(commands.release(List.of(lock), owner)).containsExactly(true);

    assertThat(redis.exists(lock.waiters())).isFalse();
    assertThat(redis.exists(lock.waiting())).isFalse();
    assertThat(redis.exists(lock.contended())).isFalse();
  }
}
