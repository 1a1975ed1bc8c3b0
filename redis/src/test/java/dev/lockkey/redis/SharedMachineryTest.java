package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.codec.ResultCodec;
import dev.lockkey.idempotency.IdempotencyInProgressException;
import dev.lockkey.idempotency.IdempotencyOptions;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.permit.PermitOptions;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.idempotency.RedisIdempotentCalls;
import dev.lockkey.redis.permit.RedisPermits;
import dev.lockkey.redis.rwlock.RedisReadWriteLocks;
import dev.lockkey.testing.Isolation;
import dev.lockkey.testing.LockKeyTest;
import dev.lockkey.testing.TestRedis;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.params.SetParams;

/**
 * Issue 21: an executor and the purposes created on it ({@code create(executor)}) hold their
 * records through one lease machinery: one subscriber connection on the server and one set of
 * renewal threads in the JVM, however many of them wait. On a server of the test's own, so that
 * {@code CLIENT LIST} shows this test's connections alone.
 */
@LockKeyTest(isolation = Isolation.SERVER)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SharedMachineryTest {
  /** Long enough that each waiter's subscription is confirmed before it gives up. */
  private static final Duration WAIT = Duration.ofMillis(700);
  private static final LockOptions WAITING = LockOptions.builder().waitTime(WAIT).build();
  private static final String FINGERPRINT = "0123456789abcdef0123456789abcdef";

  private final ExecutorService background = Executors.newSingleThreadExecutor();

  @Test
  void locksIdempotentCallsPermitsAndReadWriteLocksWaitOnOneSubscriberConnectionAndRenewOnOneSetOfThreads(
      TestRedis redis) throws Exception {
    Set<Thread> before = Thread.getAllStackTraces().keySet();
    RedisClient client = redis.newClient();
    Keyspace keyspace = Keyspace.of(redis.env());
    try (RedisLockExecutor executor = RedisLockExecutor.create(JedisConnection.of(client), keyspace);
        RedisIdempotentCalls calls = RedisIdempotentCalls.create(executor);
        RedisPermits permits = RedisPermits.create(executor);
        RedisReadWriteLocks readWrite = RedisReadWriteLocks.create(executor)) {
      // a lock held by someone else in Redis: this executor's waiter waits in Redis, subscribed
      TestKey lockKey = TestKey.of("order", "held-elsewhere");
      String lock = keyspace.fullKey("lock", lockKey);
      client.set(lock, "another-owner", SetParams.setParams().px(30_000));
      assertThatThrownBy(() -> executor.acquire(lockKey, WAITING)).isInstanceOf(LockTimeoutException.class);
      client.del(lock);

      TestKey poolKey = TestKey.of("pool", 1);
      PermitOptions one = PermitOptions.builder().permits(1).lease(WAITING).build();
      try (Lease permit = permits.acquire(poolKey, one)) {
        assertThatThrownBy(() -> permits.acquire(poolKey, one)).isInstanceOf(LockTimeoutException.class);
      }

      TestKey documentKey = TestKey.of("document", 1);
      try (Lease write = readWrite.write(documentKey, WAITING)) {
        assertThatThrownBy(() -> readWrite.read(documentKey, WAITING)).isInstanceOf(LockTimeoutException.class);
      }

      TestKey callKey = TestKey.of("call", 1);
      IdempotencyOptions<String> text = IdempotencyOptions.builder(ResultCodec.utf8())
          .inProgress(IdempotencyOptions.InProgress.WAIT).waitTime(WAIT).build();
      CountDownLatch leading = new CountDownLatch(1);
      CountDownLatch finish = new CountDownLatch(1);
      Future<String> leader = background.submit(() -> calls.run(callKey, FINGERPRINT, text, token -> {
        leading.countDown();
        assertThat(finish.await(30, TimeUnit.SECONDS)).isTrue();
        return "done";
      }));
      assertThat(leading.await(10, TimeUnit.SECONDS)).isTrue();
      assertThatThrownBy(() -> calls.run(callKey, FINGERPRINT, text, token -> "duplicate"))
          .isInstanceOf(IdempotencyInProgressException.class);
      finish.countDown();
      assertThat(leader.get(10, TimeUnit.SECONDS)).isEqualTo("done");

      assertThat(subscriberConnections(client)).as("connections in pub/sub mode").isEqualTo(1);
      Map<String, List<String>> started = lockKeyThreadsSince(before);
      assertThat(started.keySet().stream().filter(kind -> kind.contains("renewal")))
          .as("kinds of renewal threads started: %s", started).containsExactly("lockkey-renewal-");
      assertThat(started).allSatisfy((kind, threads) ->
          assertThat(threads).as(kind).hasSizeLessThanOrEqualTo(kind.contains("renewal") ? 2 : 1));
    } finally {
      background.shutdownNow();
    }
  }

  @Test
  void closingAPurposeCreatedOnTheExecutorStopsNothingAndClosingTheExecutorStopsThemAll(TestRedis redis) {
    RedisClient client = redis.newClient();
    RedisLockExecutor executor = RedisLockExecutor.create(JedisConnection.of(client), Keyspace.of(redis.env()));
    RedisPermits permits = RedisPermits.create(executor);
    RedisReadWriteLocks readWrite = RedisReadWriteLocks.create(executor);
    RedisIdempotentCalls calls = RedisIdempotentCalls.create(executor);
    permits.close();
    readWrite.close();
    calls.close();

    TestKey key = TestKey.of("pool", 2);
    try (Lease lease = executor.acquire(key); Lease permit = RedisPermits.create(executor).acquire(key,
        PermitOptions.of(1))) {
      assertThat(lease.isLost()).isFalse();
      assertThat(permit.isLost()).isFalse();
    }
    assertThat(executor.stats().subscriberHealthy()).isTrue();

    executor.close();
    assertThatThrownBy(() -> permits.tryAcquire(key, PermitOptions.of(1))).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> readWrite.tryRead(key, LockOptions.defaults()))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> calls.run(key, FINGERPRINT, IdempotencyOptions.builder(ResultCodec.utf8()).build(),
        token -> "never")).isInstanceOf(IllegalStateException.class);
  }

  /** The connections {@code CLIENT LIST} shows in pub/sub mode (flag {@code P}). */
  private static long subscriberConnections(RedisClient client) {
    Object reply = client.sendCommand(Protocol.Command.CLIENT, "LIST");
    String list = reply instanceof byte[] bytes ? new String(bytes, StandardCharsets.UTF_8) : String.valueOf(reply);
    return list.lines()
        .map(line -> Arrays.stream(line.split(" ")).filter(field -> field.startsWith("flags=")).findFirst()
            .orElseThrow())
        .filter(flags -> flags.contains("P"))
        .count();
  }

  /** The LockKey threads alive now that were not before, by name without its number. */
  private static Map<String, List<String>> lockKeyThreadsSince(Set<Thread> before) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(thread -> !before.contains(thread) && thread.getName().startsWith("lockkey-"))
        .map(Thread::getName)
        .collect(Collectors.groupingBy(name -> name.replaceAll("\\d+$", ""), Collectors.toList()));
  }
}
