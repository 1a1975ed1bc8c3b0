package dev.lockkey.dynamodb;

import dev.lockkey.Keyspace;
import dev.lockkey.internal.store.PollingBackoff;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Builds a {@link DynamoLockExecutor}, from {@link DynamoLockExecutor#builder}; not thread-safe. */
public final class DynamoLockExecutorBuilder {
  /** The default longest pause between two attempts of a waiter. */
  public static final Duration DEFAULT_MAX_POLL_INTERVAL = Duration.ofMillis(500);

  private final DynamoDbClient client;
  private final String table;
  private final Keyspace keyspace;
  private LockOptions defaults = LockOptions.defaults();
  private LockListener listener = LockListener.NONE;
  private Clock clock = Clock.systemUTC();
  private Duration maxPollInterval = DEFAULT_MAX_POLL_INTERVAL;
  private RequestTimeouts timeouts; // null: the store's default, from the client

  DynamoLockExecutorBuilder(DynamoDbClient client, String table, Keyspace keyspace) {
    this.client = Objects.requireNonNull(client, "client");
    this.table = Objects.requireNonNull(table, "table");
    this.keyspace = Objects.requireNonNull(keyspace, "keyspace");
  }

  /**
   * The options for calls that take none ({@link LockOptions#defaults()} unless set).
   *
   * @param options the executor's default options
   * @return this builder
   */
  public DynamoLockExecutorBuilder defaultOptions(LockOptions options) {
    this.defaults = Objects.requireNonNull(options, "options");
    return this;
  }

  /**
   * Who hears about acquisitions, releases, losses and errors, e.g. a metrics recorder.
   *
   * @param listener the listener; none unless set
   * @return this builder
   */
  public DynamoLockExecutorBuilder listener(LockListener listener) {
    this.listener = Objects.requireNonNull(listener, "listener");
    return this;
  }

  /**
   * The wall clock that writes and compares {@code lease_until} (and shows
   * {@link dev.lockkey.lock.Lease#expiry()}): the system clock unless set, e.g. a clock set ahead in
   * a test of skew. Lease deadlines, renewals and waits in this process follow
   * {@link System#nanoTime()} instead.
   *
   * @param clock the wall clock of lease deadlines in the table
   * @return this builder
   */
  public DynamoLockExecutorBuilder clock(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
    return this;
  }

  /**
   * The longest pause between two attempts of a waiting acquisition (500 ms unless set): shorter
   * pauses take a released lock sooner and cost more requests while waiting.
   *
   * @param maxPollInterval the longest pause, at least 10 ms
   * @return this builder
   * @throws IllegalArgumentException when under 10 ms
   */
  public DynamoLockExecutorBuilder maxPollInterval(Duration maxPollInterval) {
    this.maxPollInterval = PollingBackoff.checkMaxPollInterval(maxPollInterval);
    return this;
  }

  /**
   * How long one request to DynamoDB may take: each HTTP attempt, and the whole call with the SDK's
   * retries and their pauses; sent with every request, where they take precedence over the
   * client's. A release or renewal is cut further to nine tenths of what its lease has left, a take
   * to nine tenths of its lease time, so that none outlives its lease; a waiting {@code acquire} ends at most one request
   * timeout after its wait time. Unless set, the client's own {@code apiCallAttemptTimeout} and
   * {@code apiCallTimeout} where it sets them, else {@link DynamoLockStore#DEFAULT_ATTEMPT_TIMEOUT}
   * (500 ms) and {@link DynamoLockStore#DEFAULT_REQUEST_TIMEOUT} (2 s).
   *
   * @param attemptTimeout the longest HTTP attempt, at least 1 ms
   * @param requestTimeout the longest call, retries included, at least {@code attemptTimeout}
   * @return this builder
   * @throws IllegalArgumentException when one is under 1 ms, or {@code attemptTimeout} is longer
   *     than {@code requestTimeout}
   */
  public DynamoLockExecutorBuilder requestTimeouts(Duration attemptTimeout, Duration requestTimeout) {
    this.timeouts = RequestTimeouts.of(attemptTimeout, requestTimeout); // checked here, where the caller set them
    return this;
  }

  /** {@return a new executor with what this builder was given; close it when done} */
  public DynamoLockExecutor build() {
    DynamoLockStore store = DynamoLockStore.create(client, table, clock);
    if (timeouts != null) {
      store = store.withTimeouts(timeouts.attempt(), timeouts.call());
    }
    return new DynamoLockExecutor(store, keyspace, defaults, listener, maxPollInterval);
  }
}
