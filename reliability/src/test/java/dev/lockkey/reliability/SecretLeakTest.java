package dev.lockkey.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.InvalidKeyException;
import dev.lockkey.KeySecret;
import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.codec.ResultCodec;
import dev.lockkey.flight.FlightFailedException;
import dev.lockkey.flight.FlightOptions;
import dev.lockkey.flight.SingleFlight;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.lock.MultiLease;
import dev.lockkey.ratelimit.RateLimit;
import dev.lockkey.ratelimit.RateLimiter;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.RedisUnavailableException;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.dedupe.Deduplicator;
import dev.lockkey.redis.flight.RedisSingleFlight;
import dev.lockkey.redis.ratelimit.RedisRateLimiter;
import dev.lockkey.reliability.specs.CustomerContactKey;
import dev.lockkey.reliability.specs.StockAdjustmentKey;
import dev.lockkey.testing.RedisFixture;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletionService;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.RedisClient;

/**
 * A {@code @Secret} phone number used for everything the library does with a key (locks with
 * contention, hand-over, renewal, several keys at once; single flight, dedupe, rate limits;
 * failures: timeouts, lost leases, Redis down, invalid input) never appears, in any of its
 * {@link SecretForms forms}, in what Redis received (MONITOR) or holds (every key and value), in
 * exception messages and stack traces, in {@code toString}, in what a listener (a metrics
 * recorder) is told, or in anything printed or logged.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class SecretLeakTest {
  private static final String PHONE = "+44 7700 900123";
  private static final KeySecret SECRET = KeySecret.of("reliability-test-secret".getBytes(StandardCharsets.UTF_8));
  private static final CustomerContactKey KEY = CustomerContactKey.of(SECRET, "acme", PHONE);
  /** A second key of the same customer's household: another number, for multi-key locks. */
  private static final CustomerContactKey HOUSEHOLD = CustomerContactKey.of(SECRET, "acme", "+44 7700 900456");
  private static final LockOptions RENEWED = LockOptions.builder()
      .leaseTime(Duration.ofMillis(300)).renewal(true).waitTime(Duration.ofSeconds(10)).build();

  /** Every text the library handed out, by where it came from. */
  private final Map<String, List<String>> seen = new TreeMap<>();
  private final RecordingListener listener = new RecordingListener();

  @Test
  void aSecretFieldNeverReachesRedisMessagesStringsListenersOrLogs() throws Exception {
    List<String> monitored;
    try (RedisFixture redis = RedisFixture.startLocal();
        CapturedOutput output = CapturedOutput.start()) {
      System.getLogger(SecretLeakTest.class.getName()).log(System.Logger.Level.DEBUG, "canary-log");
      System.out.println("canary-out");
      try (RedisMonitor monitor = RedisMonitor.start(redis);
          RedisClient jedis = redis.newClient(Duration.ofMillis(500), Duration.ofMillis(500))) {
        Keyspace keyspace = Keyspace.of("secrets");
        try (RedisLockExecutor locks = RedisLockExecutor.builder(JedisConnection.of(jedis), keyspace).listener(listener).build();
            RedisLockExecutor rival = RedisLockExecutor.create(JedisConnection.of(jedis), keyspace)) {
          lockTraffic(jedis, locks, rival);
          purposeTraffic(jedis, keyspace, locks);
          see("redis contents", RedisContents.of(jedis));
          redis.stop();
          outage(jedis, keyspace, locks);
        }
        monitored = monitor.commands();
      }
      invalidInput();
      see("output and logs", List.of(output.text()));
      assertThat(output.text()).as("the capture works").contains("canary-log", "canary-out");
    }
    see("redis commands", monitored);
    see("listener", listener.texts);
    assertThat(String.join("\n", monitored)).as("MONITOR saw the traffic")
        .contains("lock:secrets:{" + KEY.canonical() + "}", "result:secrets:", "dedupe:secrets:", "gcra:secrets:");
    assertThat(listener.renewals.get()).isPositive();

    SecretForms forms = SecretForms.of(PHONE);
    assertThat(forms.foundIn(StockAdjustmentKey.of(PHONE, 1).canonical())).as("a phone in a plain field is caught")
        .isNotEmpty();
    List<String> leaks = new ArrayList<>();
    seen.forEach((where, texts) -> texts.forEach(text -> forms.foundIn(text)
        .forEach(form -> leaks.add(where + " holds " + form + ": " + text))));
    assertThat(leaks).isEmpty();
    assertThat(seen.values().stream().mapToInt(List::size).sum()).as("texts checked").isGreaterThan(100);

    Map<String, Object> figures = new LinkedHashMap<>();
    seen.forEach((where, texts) -> figures.put(where.replace(' ', '-'), texts.size()));
    figures.put("leaks", leaks.size());
    Figures.record("secrets", figures);
  }

  /** Contention across executors, hand-over within one, renewal, several keys, lost leases. */
  private void lockTraffic(RedisClient jedis, RedisLockExecutor locks, RedisLockExecutor rival) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    CompletionService<Lease> waiters = new ExecutorCompletionService<>(pool);
    try {
      Lease held = locks.acquire(KEY, RENEWED);
      see("toString", held.toString(), held.key().toString(), locks.toString(), RENEWED.toString(), SECRET.toString(),
          KEY.spec().toString(), HOUSEHOLD.toString());
      seeFailure(() -> rival.acquire(KEY, RENEWED.toBuilder().waitTime(Duration.ofMillis(50)).build()),
          LockTimeoutException.class);
      waiters.submit(() -> rival.acquire(KEY, RENEWED)); // another application: pub/sub
      waiters.submit(() -> locks.acquire(KEY, RENEWED)); // this one: the local queue
      await(() -> listener.renewals.get() >= 2);
      see("redis contents while held", RedisContents.of(jedis));
      held.release();
      for (int i = 0; i < 2; i++) { // whichever waiter got the lock first releases it for the other
        Future<Lease> next = waiters.poll(10, TimeUnit.SECONDS);
        assertThat(next).as("a waiter got the lock").isNotNull();
        assertThat(next.get().release()).isTrue();
      }
      seeFailure(held::checkHeld, LockException.class);

      try (MultiLease both = locks.acquireAll(List.of(KEY, HOUSEHOLD))) {
        see("toString", both.toString());
      }
      see("toString", locks.withLock(KEY, Lease::toString));
    } finally {
      pool.shutdownNow();
      assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }
  }

  /** Single flight (a result and a shared failure), dedupe and rate limits on the secret's key. */
  private void purposeTraffic(RedisClient jedis, Keyspace keyspace, RedisLockExecutor locks) {
    SingleFlight flights = RedisSingleFlight.create(JedisConnection.of(jedis), locks);
    FlightOptions<String> options = FlightOptions.builder(ResultCodec.utf8())
        .deterministicFailure(e -> e instanceof IllegalStateException).build();
    see("single flight", flights.run(KEY, options, lease -> "call back in the morning"), flights.toString(),
        options.toString());
    seeFailure(() -> flights.run(HOUSEHOLD, options, lease -> {
      throw new IllegalStateException("the customer has no answering machine");
    }), IllegalStateException.class);
    seeFailure(() -> flights.run(HOUSEHOLD, options, lease -> "never computed"), FlightFailedException.class);

    Deduplicator dedupe = Deduplicator.create(JedisConnection.of(jedis), keyspace);
    see("dedupe", Boolean.toString(dedupe.firstSeen(KEY, Duration.ofMinutes(1))),
        dedupe.mark(HOUSEHOLD, Duration.ofMinutes(1)).toString(), dedupe.toString());
    RateLimiter limits = RedisRateLimiter.create(JedisConnection.of(jedis), keyspace);
    RateLimit perMinute = RateLimit.perWindow(5, Duration.ofMinutes(1));
    RateLimit smooth = RateLimit.smooth(10, Duration.ofSeconds(1), 5);
    see("rate limits", limits.tryAcquire(KEY, perMinute).toString(), limits.tryAcquire(KEY, smooth).toString(),
        perMinute.toString(), smooth.toString(), limits.toString());
  }

  /** Every kind of call while Redis is down. */
  private void outage(RedisClient jedis, Keyspace keyspace, RedisLockExecutor locks) {
    seeFailure(() -> locks.tryAcquire(KEY), RedisUnavailableException.class);
    seeFailure(() -> RedisSingleFlight.create(JedisConnection.of(jedis), locks).run(KEY, FlightOptions.builder(ResultCodec.utf8()).build(),
        lease -> "unreachable"), RedisUnavailableException.class);
    seeFailure(() -> Deduplicator.create(JedisConnection.of(jedis), keyspace).firstSeen(KEY, Duration.ofMinutes(1)),
        RedisUnavailableException.class);
    seeFailure(() -> RedisRateLimiter.create(JedisConnection.of(jedis), keyspace).tryAcquire(KEY, RateLimit.perWindow(5, Duration.ofMinutes(1))),
        RedisUnavailableException.class);
  }

  /** Invalid values next to the secret, and invalid secrets. */
  private void invalidInput() {
    seeFailure(() -> CustomerContactKey.of(SECRET, " ", PHONE), InvalidKeyException.class);
    seeFailure(() -> CustomerContactKey.of(SECRET, "acme\uD800", PHONE), InvalidKeyException.class);
    seeFailure(() -> CustomerContactKey.of(SECRET, "acme", PHONE + "\uD800"), InvalidKeyException.class);
    seeFailure(() -> CustomerContactKey.of(SECRET, "acme", PHONE + PHONE + PHONE), InvalidKeyException.class);
    seeFailure(() -> CustomerContactKey.of(SECRET, "acme".repeat(200), PHONE), InvalidKeyException.class);
    see("toString", CustomerContactKey.builder(SECRET).tenant("acme").phone(PHONE + "\u0000").build().toString());
  }

  /**
   * Runs {@code call}, expecting it to throw {@code expected}, and records the exception's message
   * and whole stack trace, causes included.
   */
  private void seeFailure(ThrowingCall call, Class<? extends Throwable> expected) {
    Throwable thrown = null;
    try {
      call.run();
    } catch (Exception e) {
      thrown = e;
    }
    assertThat(thrown).isInstanceOf(expected);
    StringWriter trace = new StringWriter();
    thrown.printStackTrace(new PrintWriter(trace));
    see("exceptions", thrown.getMessage(), trace.toString());
  }

  private void see(String where, String... texts) {
    see(where, List.of(texts));
  }

  private synchronized void see(String where, List<String> texts) {
    seen.computeIfAbsent(where, any -> new ArrayList<>()).addAll(texts);
  }

  private static void await(BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as("waited in vain").isLessThan(deadline);
      Thread.sleep(10);
    }
  }

  /** A call that may throw anything. */
  private interface ThrowingCall {
    void run() throws Exception;
  }

  /** What a metrics recorder sees: every key, its spec, and every failure, as text. */
  private static final class RecordingListener implements LockListener {
    final List<String> texts = new CopyOnWriteArrayList<>();
    final AtomicInteger renewals = new AtomicInteger();

    private void record(LockKey key) {
      texts.add(key.toString());
      texts.add(key.canonical());
      texts.add(key.spec().toString());
    }

    @Override
    public void onAcquired(LockKey key, long waitNanos) {
      record(key);
    }

    @Override
    public void onContended(LockKey key) {
      record(key);
    }

    @Override
    public void onTimedOut(LockKey key, long waitNanos) {
      record(key);
    }

    @Override
    public void onReleased(LockKey key, long heldNanos) {
      record(key);
    }

    @Override
    public void onRenewed(LockKey key) {
      renewals.incrementAndGet();
      record(key);
    }

    @Override
    public void onLeaseLost(LockKey key) {
      record(key);
    }

    @Override
    public void onError(LockKey key, LockException error) {
      record(key);
      texts.add(error.toString());
    }
  }
}
