package dev.lockkey.processor.guards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.InvalidKeyException;
import dev.lockkey.Keyspace;
import dev.lockkey.guard.GuardInvoker;
import dev.lockkey.guard.RateLimitedException;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.processor.specs.PaymentCaptureKey;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.flight.RedisSingleFlight;
import dev.lockkey.redis.ratelimit.RedisRateLimiter;
import dev.lockkey.testing.RedisFixture;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

/**
 * Calls of {@link PaymentService}'s guarded methods through its generated {@code PaymentServiceGuards}
 * and a {@link GuardInvoker} on a real redis-server, the way an interceptor makes them: the table
 * is looked up once per class, the guard once per method. Each test has a key space of its own.
 */
class GuardedCallsTest {
  private static final int THREADS = 8;
  private static final int CALLS_PER_THREAD = 25;

  private final Probe probe = new Probe();
  private final PaymentService service = new PaymentService(probe);
  private final Interception interception = new Interception(service);
  private final ExecutorService threads = Executors.newFixedThreadPool(THREADS);
  private UnifiedJedis jedis;
  private RedisLockExecutor executor;
  private GuardInvoker invoker;

  @BeforeEach
  void connect() {
    jedis = RedisFixture.shared().newClient();
    Keyspace keyspace = Keyspace.of("guards-" + UUID.randomUUID().toString().substring(0, 8));
    executor = RedisLockExecutor.create(JedisConnection.of(jedis), keyspace);
    invoker = GuardInvoker.builder(executor)
        .singleFlight(RedisSingleFlight.create(JedisConnection.of(jedis), executor))
        .rateLimiter(RedisRateLimiter.create(JedisConnection.of(jedis), keyspace))
        .build();
  }

  @AfterEach
  void close() throws InterruptedException {
    probe.open();
    threads.shutdownNow();
    assertThat(threads.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
    executor.close();
    jedis.close();
  }

  @Test
  void eightThreadsOnOneKeyNeverOverlapAndEachGetsItsOwnFencingToken() throws Exception {
    List<Future<List<Long>>> futures = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      futures.add(threads.submit(() -> {
        List<Long> tokens = new ArrayList<>();
        for (int i = 0; i < CALLS_PER_THREAD; i++) {
          tokens.add((Long) call("capture", "t42", 98765L, null));
        }
        return tokens;
      }));
    }
    Set<Long> tokens = new HashSet<>();
    for (Future<List<Long>> future : futures) {
      tokens.addAll(future.get(60, TimeUnit.SECONDS));
    }

    assertThat(probe.overlaps()).isZero();
    assertThat(probe.calls()).isEqualTo(THREADS * CALLS_PER_THREAD);
    assertThat(tokens).hasSize(THREADS * CALLS_PER_THREAD); // the Lease parameter got each call's lease
  }

  @Test
  void anotherKeyRunsWhileOneIsHeld() throws Exception {
    probe.close();
    Future<Object> holder = threads.submit(() -> call("settle", PaymentCaptureKey.of("t42", 1)));
    assertThat(probe.awaitEntered()).isTrue();

    // waitTime = "0s": a held key fails at once, a free key runs at once
    call("settle", PaymentCaptureKey.of("t42", 2));
    assertThatThrownBy(() -> call("settle", PaymentCaptureKey.of("t42", 1)))
        .isInstanceOf(LockTimeoutException.class);

    probe.open();
    holder.get(30, TimeUnit.SECONDS);
    assertThat(probe.overlaps()).isZero();
  }

  @Test
  void aRateLimitOfFiveDeniesTheSixthCallWithoutRunningIt() throws Exception {
    for (int i = 0; i < 5; i++) {
      assertThat(call("refund", "t42", 7, List.of("damaged"))).isEqualTo(1);
    }
    assertThatThrownBy(() -> call("refund", "t42", 7, List.of("damaged")))
        .isInstanceOfSatisfying(RateLimitedException.class, denied -> {
          assertThat(denied.retryAfter()).isPositive();
          assertThat(denied.fullKey()).startsWith("rate:guards-").endsWith("{payment:capture:v1:t42:7}");
        });
    assertThat(probe.calls()).isEqualTo(5);
    assertThat(call("refund", "t42", 8, List.of())).isEqualTo(0); // another order has its own limit
  }

  @Test
  void concurrentSingleFlightCallersShareOneComputation() throws Exception {
    List<Future<Object>> futures = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      futures.add(threads.submit(() -> call("receipt", new CaptureRequest("t42", 9, "first"), null)));
    }
    Set<Object> receipts = new HashSet<>();
    for (Future<Object> future : futures) {
      receipts.add(future.get(60, TimeUnit.SECONDS));
    }

    assertThat(receipts).hasSize(1);
    assertThat(probe.calls()).isEqualTo(1);
  }

  @Test
  void aRequestImplementingTheSpecLocksItsKey() throws Exception {
    assertThat(call("captureFor", new CaptureRequest("t42", 3, "noted"))).isEqualTo("noted");
  }

  @Test
  void aValueThatCannotBePartOfAKeyFailsBeforeRedis() {
    assertThatThrownBy(() -> call("capture", "", 1L, null)).isInstanceOf(InvalidKeyException.class);
    assertThat(probe.calls()).isZero();
  }

  /** Calls {@code service.name(arguments)} under its guard, as an interceptor does. */
  private Object call(String name, Object... arguments) throws Exception {
    return interception.call(invoker, name, arguments);
  }
}
