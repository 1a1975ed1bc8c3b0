package dev.lockkey.redis.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.redis.RedisAwait;
import dev.lockkey.redis.RedisLockExecutor;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.RedisClient;

/**
 * The waits that hand-over tests set up before their fault, on a real server, and the threads
 * that wait: closing it interrupts and ends them.
 */
final class WaitingScenes implements AutoCloseable {
  static final Duration BOUND = Duration.ofSeconds(20);
  /** Long leases without renewal: only a claim's own first extension raises it. */
  static final LockOptions NO_RENEWAL = LockOptions.builder()
      .leaseTime(Duration.ofMinutes(2)).waitTime(Duration.ofSeconds(60)).renewal(false).build();

  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final RedisClient stats;
  private final LockOptions options;

  /**
   * @param stats a direct client, for looking at Redis
   * @param options what every lock is taken with
   */
  WaitingScenes(RedisClient stats, LockOptions options) {
    this.stats = stats;
    this.options = options;
  }

  /** Runs {@code task} on a thread of these scenes. */
  <T> Future<T> submit(Callable<T> task) {
    return threads.submit(task);
  }

  /** Interrupts the threads still waiting and waits (bounded) until they ended. */
  @Override
  public void close() throws InterruptedException {
    threads.shutdownNow();
    threads.awaitTermination(10, TimeUnit.SECONDS);
  }

  /**
   * Makes {@code listening} subscribe to the release channel of {@code names} (it stays subscribed
   * for a while after), so that its next waiter watches the channel before its first attempt, and
   * a handoff of it that sends the lock elsewhere queues its next waiter.
   */
  void hearReleases(RedisLockExecutor other, RedisLockExecutor listening, SampleKey key, LockNames names)
      throws Exception {
    Lease held = other.acquire(key, options);
    Future<Lease> waited = threads.submit(() -> listening.acquire(key, options));
    RedisAwait.until("the waiter queued and subscribed", BOUND,
        () -> stats.zcard(names.waiters()) == 1 && subscribers(names) == 1);
    assertThat(held.release()).isTrue();
    assertThat(waited.get(BOUND.toSeconds(), TimeUnit.SECONDS).release()).isTrue();
  }

  /** A thread of {@code executor} waiting for {@code key}, parked in the executor's local queue. */
  Future<Lease> queueBehind(RedisLockExecutor executor, SampleKey key) {
    AtomicReference<Thread> thread = new AtomicReference<>();
    Future<Lease> waiting = threads.submit(() -> {
      thread.set(Thread.currentThread());
      return executor.acquire(key, options);
    });
    RedisAwait.until("the thread parked in the local queue", BOUND,
        () -> thread.get() != null && LockSupport.getBlocker(thread.get()) instanceof KeyQueue);
    return waiting;
  }

  /** A thread of {@code executor} waiting for {@code key} in its Redis queue, as the first there. */
  Future<Lease> queueInRedis(RedisLockExecutor executor, SampleKey key, LockNames names) {
    Future<Lease> waiting = threads.submit(() -> executor.acquire(key, options));
    RedisAwait.until("the waiter queued in Redis", BOUND, () -> stats.zcard(names.waiters()) == 1);
    return waiting;
  }

  /**
   * Passes {@code held} within its executor to each of {@code behind} but the last, in turn, as
   * many times as a handoff goes without looking elsewhere.
   *
   * @return the lease of the last one passed to, whose release looks elsewhere
   */
  static Lease passWithoutLooking(Lease held, List<Future<Lease>> behind) throws Exception {
    Lease current = held;
    for (int i = 0; i < RemoteWaiters.LOCAL_TURNS; i++) {
      assertThat(current.release()).isTrue();
      current = behind.get(i).get(BOUND.toSeconds(), TimeUnit.SECONDS);
    }
    return current;
  }

  /**
   * Whether a lease taken on a claim was raised past the claim by its first extension, or ran out
   * locally a second ago or more (then Redis let the claim go: it is lost). A moment of running out
   * while the extension's reply is on its way is neither.
   */
  static boolean raisedOrLongOver(Lease lease) {
    long left = lease.remainingNanos();
    return left > RemoteWaiters.ENTRY_TTL.toNanos() || left < -TimeUnit.SECONDS.toNanos(1);
  }

  /** How many connections subscribe to the release channel of {@code names} (PUBSUB NUMSUB). */
  long subscribers(LockNames names) {
    List<?> reply = (List<?>) stats.sendCommand(Protocol.Command.PUBSUB, "NUMSUB", names.channel());
    return (Long) reply.get(1);
  }
}
