package dev.lockkey.processor.guards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.codec.ResultCodec;
import dev.lockkey.guard.GuardInvoker;
import dev.lockkey.idempotency.IdempotencyConflictException;
import dev.lockkey.idempotency.IdempotencyFailedException;
import dev.lockkey.idempotency.IdempotencyInProgressException;
import dev.lockkey.idempotency.IdempotentCalls;
import dev.lockkey.processor.specs.PaymentCaptureKey;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.idempotency.RedisIdempotentCalls;
import dev.lockkey.testing.LockKeyTest;
import dev.lockkey.testing.TestRedis;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Calls of {@link Captures}' {@code @Idempotent} methods through the generated {@code CapturesGuards}
 * and two {@link GuardInvoker}s, each on its own client, executor and {@link IdempotentCalls}, as
 * two servers make them, on a real redis-server.
 */
@LockKeyTest
@Timeout(180)
class IdempotentGuardTest {
  private static final int CALLS = 16;

  private final Captures service = new Captures();
  private final Interception interception = new Interception(service);
  private final ExecutorService threads = Executors.newFixedThreadPool(CALLS);
  private final List<AutoCloseable> parts = new ArrayList<>();
  private GuardInvoker first;
  private GuardInvoker second;

  @BeforeEach
  void connect(TestRedis redis) {
    first = invoker(redis, GuardInvoker.builder(executor(redis)));
    second = invoker(redis, GuardInvoker.builder(executor(redis)));
  }

  @AfterEach
  void close() throws Exception {
    service.open();
    threads.shutdownNow();
    assertThat(threads.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
    for (AutoCloseable part : parts) {
      part.close();
    }
  }

  @Test
  void sixteenConcurrentCallsFromTwoInvokersRunOnceAndAllGetTheResult() throws Exception {
    CaptureAmount amount = new CaptureAmount(1999, "EUR", "trace-1");
    service.close();
    List<Future<Object>> calls = new ArrayList<>();
    for (int i = 0; i < CALLS; i++) {
      GuardInvoker invoker = i % 2 == 0 ? first : second;
      // every caller has its own trace id, which is no part of the fingerprint
      CaptureAmount retry = new CaptureAmount(1999, "EUR", "trace-" + i);
      calls.add(threads.submit(() -> call(invoker, "capture", "t42", 1L, retry, null)));
    }
    assertThat(service.awaitEntered()).isTrue();
    service.open();

    Set<Object> results = new HashSet<>();
    for (Future<Object> call : calls) {
      results.add(call.get(2, TimeUnit.MINUTES));
    }
    assertThat(results).singleElement().asString().startsWith("captured 1999 EUR #");
    assertThat(service.runs()).isEqualTo(1);
    assertThat(call(second, "capture", "t42", 1L, amount, null)).isEqualTo(results.iterator().next());
    assertThat(service.runs()).isEqualTo(1);
  }

  @Test
  void theFencingTokenParameterGetsTheCallsToken() throws Exception {
    String result = (String) call(first, "capture", "t42", 2L, new CaptureAmount(5, "EUR", "a"), null);
    assertThat(Long.parseLong(result.substring(result.indexOf('#') + 1))).isPositive();
  }

  @Test
  void anotherPayloadUnderTheSameKeyIsRefusedAndRunsNothing() throws Exception {
    call(first, "capture", "t42", 3L, new CaptureAmount(100, "EUR", "a"), null);

    assertThatThrownBy(() -> call(second, "capture", "t42", 3L, new CaptureAmount(101, "EUR", "a"), null))
        .isInstanceOf(IdempotencyConflictException.class);
    assertThat(service.runs()).isEqualTo(1);
  }

  @Test
  void aFailureLetsARetryRun() throws Exception {
    CaptureAmount amount = new CaptureAmount(100, "EUR", "a");
    service.failNext(new IllegalStateException("ledger unavailable"));
    assertThatThrownBy(() -> call(first, "capture", "t42", 4L, amount, null))
        .isInstanceOf(IllegalStateException.class).hasMessage("ledger unavailable");

    assertThat(call(second, "capture", "t42", 4L, amount, null)).asString().startsWith("captured 100 EUR #");
    assertThat(service.runs()).isEqualTo(2);
  }

  @Test
  void aFinalFailureIsReplayedWithoutRunning() throws Exception {
    CaptureAmount amount = new CaptureAmount(100, "EUR", "a");
    service.failNext(new Captures.DeclinedException("card declined"));
    assertThatThrownBy(() -> call(first, "capture", "t42", 5L, amount, null))
        .isInstanceOf(Captures.DeclinedException.class);

    assertThatThrownBy(() -> call(second, "capture", "t42", 5L, amount, null))
        .isInstanceOfSatisfying(IdempotencyFailedException.class, replayed -> {
          assertThat(replayed.failureType()).isEqualTo(Captures.DeclinedException.class.getName());
          assertThat(replayed.getMessage()).contains("card declined");
        });
    assertThat(service.runs()).isEqualTo(1);
  }

  @Test
  void aVoidMethodRunsOnceAndADuplicateWhileItRunsFailsAtOnce() throws Exception {
    PaymentCaptureKey key = PaymentCaptureKey.of("t42", 6);
    CaptureAmount amount = new CaptureAmount(100, "EUR", "a");
    service.close();
    Future<Object> running = threads.submit(() -> call(first, "settle", key, amount));
    assertThat(service.awaitEntered()).isTrue();

    assertThatThrownBy(() -> call(second, "settle", key, amount)) // inProgress = FAIL
        .isInstanceOf(IdempotencyInProgressException.class);
    service.open();
    assertThat(running.get(1, TimeUnit.MINUTES)).isNull();
    assertThat(call(second, "settle", key, amount)).isNull();
    assertThat(service.runs()).isEqualTo(1);
  }

  @Test
  void aResultTypeWithoutCodecFailsBeforeRedisNamingTheWaysToGiveOne() {
    assertThatThrownBy(() -> call(first, "receipt", "t42", 7L, new CaptureAmount(1, "EUR", "a")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("receipt")
        .hasMessageContaining("returns " + Captures.Receipt.class.getName() + ", which no codec stores")
        .hasMessageContaining("GuardInvoker.Builder.resultCodecs");
    assertThat(service.runs()).isZero();
  }

  @Test
  void aCodecGivenToTheInvokerStoresAResultType(TestRedis redis) throws Exception {
    ResultCodec<Captures.Receipt> receipts = new ResultCodec<>() {
      @Override
      public byte[] encode(Captures.Receipt value) {
        return (value.capture() + "|" + value.minorUnits()).getBytes(StandardCharsets.UTF_8);
      }

      @Override
      public Captures.Receipt decode(byte[] bytes) {
        String[] parts = new String(bytes, StandardCharsets.UTF_8).split("\\|");
        return new Captures.Receipt(parts[0], Long.parseLong(parts[1]));
      }
    };
    Map<Class<?>, ResultCodec<?>> codecs = Map.of(Captures.Receipt.class, receipts);
    GuardInvoker one = invoker(redis, GuardInvoker.builder(executor(redis)).resultCodecs(codecs::get));
    GuardInvoker other = invoker(redis, GuardInvoker.builder(executor(redis)).resultCodecs(codecs::get));
    CaptureAmount amount = new CaptureAmount(250, "EUR", "a");

    assertThat(call(one, "receipt", "t42", 8L, amount)).isEqualTo(new Captures.Receipt("t42/8", 250));
    assertThat(call(other, "receipt", "t42", 8L, amount)).isEqualTo(new Captures.Receipt("t42/8", 250));
    assertThat(service.runs()).isEqualTo(1);
  }

  private RedisLockExecutor executor(TestRedis redis) {
    RedisLockExecutor executor = RedisLockExecutor.create(JedisConnection.of(redis.newClient()), Keyspace.of(redis.env()));
    parts.add(executor);
    return executor;
  }

  private GuardInvoker invoker(TestRedis redis, GuardInvoker.Builder builder) {
    IdempotentCalls calls = RedisIdempotentCalls.create(JedisConnection.of(redis.newClient()), Keyspace.of(redis.env()));
    parts.add(calls);
    return builder.idempotentCalls(calls).build();
  }

  /** Calls {@code service.name(arguments)} under its guard through {@code invoker}, as an interceptor does. */
  private Object call(GuardInvoker invoker, String name, Object... arguments) throws Exception {
    return interception.call(invoker, name, arguments);
  }
}
