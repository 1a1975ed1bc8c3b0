package dev.lockkey.redis.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.redis.RedisAwait;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.LockKeyTest;
import dev.lockkey.testing.TestRedis;
import java.lang.reflect.Field;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.RedisClient;

/**
 * A thread queued behind its executor's holder must take the lease handed to it even when the
 * handoff's wake-up reaches it while it waits for the queue's lock: the lock's own parking uses up
 * that wake-up, so the waiter must read its state again before it parks (the cross-process stall
 * of issue 15's benchmark run: a waiter slept until its deadline with the lock granted to it, and
 * every other waiter, here and in other processes, behind a lease nobody used). On a real
 * redis-server; the order is forced by holding the queue's lock while the holder hands over.
 */
@LockKeyTest
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LostGrantTest {
  /** Longer than the waits below: a waiter that sleeps through its grant waits this long. */
  private static final LockOptions LONG = LockOptions.builder()
      .leaseTime(Duration.ofMinutes(2)).waitTime(Duration.ofMinutes(2)).renewal(false).build();
  private static final Duration BOUND = Duration.ofSeconds(20);

  private final ExecutorService threads = Executors.newCachedThreadPool();

  @AfterEach
  void stop() throws InterruptedException {
    threads.shutdownNow();
    threads.awaitTermination(10, TimeUnit.SECONDS);
  }

  @Test
  void aWaiterWokenWhileItWaitsForTheQueuesLockTakesTheLeaseHandedToIt(TestRedis redis) throws Exception {
    RedisClient stats = redis.newClient();
    Keyspace keyspace = Keyspace.of(redis.env());
    SampleKey key = SampleKey.unique();
    LockNames names = LockNames.of(keyspace, LockOptions.DEFAULT_PURPOSE, key);
    try (RedisLockExecutor executor = RedisLockExecutor.create(JedisConnection.of(redis.newClient()), keyspace)) {
      Lease held = executor.acquire(key, LONG);
      AtomicReference<Thread> waiterThread = new AtomicReference<>();
      Future<Lease> waited = threads.submit(() -> {
        waiterThread.set(Thread.currentThread());
        return executor.acquire(key, LONG);
      });
      RedisAwait.until("the second thread parked in the local queue", BOUND,
          () -> waiterThread.get() != null && LockSupport.getBlocker(waiterThread.get()) instanceof KeyQueue);
      Thread waiter = waiterThread.get();
      KeyQueue queue = (KeyQueue) LockSupport.getBlocker(waiter);
      ReentrantLock queueLock = lockOf(queue);

      queueLock.lock();
      try {
        // a wake-up (spurious, or left over): the waiter reads its state (still waiting) and then
        // blocks on the queue's lock, which this thread holds
        LockSupport.unpark(waiter);
        RedisAwait.until("the waiter blocked on the queue's lock", BOUND,
            () -> queueLock.hasQueuedThread(waiter) && waiter.getState() == Thread.State.WAITING);
        // the holder hands over (the lock is reentrant): the handoff script passes the lock in
        // Redis, the grant's wake-up reaches the waiter inside the lock's parking, which uses it up
        assertThat(held.release()).isTrue();
        RedisAwait.until("the waiter parked on the queue's lock again", BOUND,
            () -> queueLock.hasQueuedThread(waiter) && waiter.getState() == Thread.State.WAITING);
      } finally {
        queueLock.unlock();
      }

      Lease taken = waited.get(BOUND.toSeconds(), TimeUnit.SECONDS); // not after the two minutes of its wait
      assertThat(stats.get(names.lock())).as("the waiter owns the lock in Redis").isEqualTo(taken.ownerToken());
      assertThat(taken.fencingToken()).isGreaterThan(held.fencingToken());
      assertThat(taken.release()).isTrue();
      assertThat(executor.stats().leasesHeld()).isZero();
    }
  }

  /** The lock guarding {@code queue}'s state, which its methods take and its waiters block on. */
  private static ReentrantLock lockOf(KeyQueue queue) throws ReflectiveOperationException {
    Field lock = KeyQueue.class.getDeclaredField("lock");
    lock.setAccessible(true);
    return (ReentrantLock) lock.get(queue);
  }
}
