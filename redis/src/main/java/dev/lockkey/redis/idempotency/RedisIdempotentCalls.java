package dev.lockkey.redis.idempotency;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.idempotency.IdempotencyConflictException;
import dev.lockkey.idempotency.IdempotencyDecodeException;
import dev.lockkey.idempotency.IdempotencyFailedException;
import dev.lockkey.idempotency.IdempotencyInProgressException;
import dev.lockkey.idempotency.IdempotencyOptions;
import dev.lockkey.idempotency.IdempotentCalls;
import dev.lockkey.idempotency.IdempotentWork;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.redis.RedisUnavailableException;
import dev.lockkey.internal.Housekeeper;
import dev.lockkey.internal.OwnerTokens;
import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.internal.ExecutorMachinery;
import dev.lockkey.redis.internal.LeaseMachinery;
import dev.lockkey.redis.internal.OutcomeWaiter;
import dev.lockkey.redis.internal.ReleaseNotifier;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * Runs a call at most once per key and payload, stores its result, and replays it to every later
 * call with the same key and payload, across servers:
 *
 * <pre>{@code
 * IdempotentCalls calls = RedisIdempotentCalls.create(redis, Keyspace.of("prod"));
 * Receipt receipt = calls.run(CaptureKey.of(tenant, idempotencyKey), CaptureRequestFingerprint.of(request),
 *     captures, fencingToken -> payments.capture(request, fencingToken));
 * }</pre>
 *
 * <h2>How</h2>
 * One script reads the record {@code idem:env:{body}} and, when there is none, creates it "in
 * progress" with the payload's fingerprint, the caller's owner token and a new fencing token, all
 * in one round trip. The caller that created it runs the work and stores the result (or a final
 * failure) in the record, which then lives for the {@link IdempotencyOptions#expiry() expiry}.
 * Every other caller is answered from the record:
 * <ul>
 *   <li>another fingerprint: {@link IdempotencyConflictException}, nothing runs (Stripe's rule);
 *   <li>in progress: wait for the outcome (bounded) or {@link IdempotencyInProgressException}, by
 *       {@link IdempotencyOptions#inProgress() option}. A waiting caller notes itself in the record
 *       and listens on the call's outcome channel {@code idem-outcome:env:{body}}; the script that
 *       stores the outcome (or removes the record after a failure) publishes there, so waiters
 *       read the record again at once. A slow poll, at most {@link #FALLBACK_POLL} apart, covers a
 *       lost message, and the in-progress record's remaining lease bounds each wait, so that a
 *       leader that died is taken over when its lease ends;
 *   <li>done: the stored result, decoded by the options' codec; a stored final failure:
 *       {@link IdempotencyFailedException}.
 * </ul>
 *
 * <h2>Failures</h2>
 * <ul>
 *   <li>Work that throws: the record is removed, so a retry runs the work again; a failure the
 *       options classify {@link IdempotencyOptions#finalFailure() final} is stored and replayed.
 *       The caller gets its own exception either way.
 *   <li>A leader that dies stops renewing its in-progress record; once its lease runs out the next
 *       call takes over, with a higher fencing token. A leader that lost its lease stores nothing.
 *   <li>Redis failures before the work runs surface as {@link RedisUnavailableException}; nothing ran.
 *   <li>A stored result that the codec cannot decode: {@link IdempotencyDecodeException}, with the
 *       codec's exception as its cause; the record stays and the work does not run again.
 * </ul>
 *
 * <h2>Unknown outcomes</h2>
 * A script that Redis did not answer (a timeout, a broken connection) may have run, or may run
 * yet. Each is settled with the owner token it sent, once at once and, while Redis still fails,
 * in the background with growing pauses until the record's lease has passed, on the clean-up
 * thread (never a renewal thread):
 * <ul>
 *   <li>A start: the caller gets {@link RedisUnavailableException}, and nothing ran here. If the
 *       start ran, its in-progress record is removed, and its owner token is remembered for a
 *       minute so that a copy of the start still on its way starts nothing; another caller's
 *       record is left alone. So the application's retry runs the work (or gets its result)
 *       within a round trip or two of Redis answering again, instead of waiting out the lease.
 *   <li>A store of the result: the work ran, so the caller gets its result (and the listener
 *       {@code onError}, and a {@code System.Logger} warning is written). The store is sent again:
 *       a stored result is never removed, and if the first store did not land the result is stored
 *       now, so later calls get it. If Redis fails until the lease has passed, the record runs
 *       out and a later call runs the work again, so the guarded resource needs its own last
 *       defence, e.g. a unique constraint on the key's canonical text.
 *   <li>A store of a final failure: the caller gets its own exception (with the Redis failure
 *       suppressed in it); the store is sent again as for a result.
 *   <li>A removal after work that threw: the caller gets its own exception (with the Redis
 *       failure suppressed in it); the removal is sent again, so a retry runs the work once it
 *       lands, at the latest when the lease has passed.
 * </ul>
 *
 * <h2>Guarantees and limits</h2>
 * Every key a call touches shares the body's hash tag, so it is safe on Redis Cluster. The record
 * holds the fingerprint (a digest) and the encoded result, never the payload. Redis replicates
 * asynchronously, so a failover may lose a record: this is not exactly-once, and work with outside
 * effects should pass the fencing token on. PUBLISH reaches every node of a cluster, so one
 * subscription (on a connection of the client's pool, taken at the first wait) hears outcomes of
 * every slot. Thread-safe; one per application is enough.
 *
 * <h2>Threads</h2>
 * Beside a {@link RedisLockExecutor}, create them on it ({@link #create(RedisLockExecutor)}): records
 * are renewed on the executor's renewal threads, as its leases are, and waits listen on its one
 * subscriber connection. {@code create(jedis, ...)} starts a machinery of their own (renewal,
 * callback and clean-up threads, a subscriber connection), which {@link #close()} stops.
 */
public final class RedisIdempotentCalls implements IdempotentCalls, AutoCloseable {
  /** The purpose word of records: {@code idem:env:{body}}. */
  public static final String PURPOSE = "idem";
  /** The purpose word of the fencing counters: {@code idem-fence:env:{body}}. */
  public static final String FENCE_PURPOSE = "idem-fence";
  /** The purpose word of the outcome channels: {@code idem-outcome:env:{body}}. */
  public static final String OUTCOME_PURPOSE = "idem-outcome";
  /** The longest wait of a duplicate between two reads of the record when no message comes. */
  public static final Duration FALLBACK_POLL = Duration.ofSeconds(2);
  /** How often a waiter reads again while its subscription is not confirmed (the subscriber reconnects). */
  private static final Duration UNHEARD_POLL = Duration.ofMillis(100);

  private static final System.Logger LOG = System.getLogger(RedisIdempotentCalls.class.getName());
  private static final Pattern FINGERPRINT = Pattern.compile("[0-9a-f]{32}");

  private final Keyspace keyspace;
  private final LeaseMachinery machinery;
  /** The machinery {@link #close()} stops: its own, or {@code null} when it shares an executor's. */
  private final LeaseMachinery owned;
  private final RecordStore store;
  private final LockListener listener;
  private final LeaseKeeper keeper;
  private final Housekeeper housekeeper;
  private final ReleaseNotifier notifier;
  private final long fallbackPollNanos;

  /** @param fallbackPoll the longest wait between two reads of a running call's record */
  RedisIdempotentCalls(RedisConnection redis, Keyspace keyspace, LockListener listener, Duration fallbackPoll) {
    this(keyspace, ownMachinery(redis, listener), true, fallbackPoll);
  }

  private RedisIdempotentCalls(Keyspace keyspace, LeaseMachinery machinery, boolean owns, Duration fallbackPoll) {
    this.keyspace = Objects.requireNonNull(keyspace, "keyspace");
    this.machinery = machinery;
    this.owned = owns ? machinery : null;
    this.store = new RecordStore(machinery.redis());
    this.listener = machinery.listener();
    this.keeper = new LeaseKeeper(store, listener, machinery.renewer());
    this.housekeeper = machinery.housekeeper();
    this.notifier = machinery.notifier();
    this.fallbackPollNanos = fallbackPoll.toNanos();
  }

  private static LeaseMachinery ownMachinery(RedisConnection redis, LockListener listener) {
    return LeaseMachinery.start(Objects.requireNonNull(redis, "redis"), Objects.requireNonNull(listener, "listener"),
        "lockkey-idempotency-");
  }

  /**
   * Idempotent calls in {@code executor}'s key space, telling its listener, whose in-progress
   * records are renewed on the executor's renewal threads and whose waits listen on its subscriber
   * connection: the way to run them beside the executor's locks (and other purposes created on it)
   * without threads and a connection of their own. Closing them closes nothing;
   * {@link RedisLockExecutor#close()} stops them.
   *
   * @param executor the executor whose machinery they share
   * @return the calls
   */
  public static RedisIdempotentCalls create(RedisLockExecutor executor) {
    return new RedisIdempotentCalls(executor.keyspace(), ExecutorMachinery.of(executor), false, FALLBACK_POLL);
  }

  /**
   * Idempotent calls on any Redis client through the connection port, in {@code keyspace}.
   *
   * @param redis the client through the connection port, e.g. {@code LettuceConnection.of(client)};
   *     not closed by {@link #close()}
   * @param keyspace the environment that prefixes every record's and fencing counter's key
   * @return the calls, with their renewal and clean-up threads; close them when done
   */
  public static RedisIdempotentCalls create(RedisConnection redis, Keyspace keyspace) {
    return create(redis, keyspace, LockListener.NONE);
  }

  /**
   * Idempotent calls that tell {@code listener} of a lost lease ({@code onLeaseLost}) and of Redis
   * failures that did not stop the call ({@code onError}), e.g. a result that could not be stored.
   *
   * @param redis the client through the connection port, e.g. {@code LettuceConnection.of(client)};
   *     not closed by {@link #close()}
   * @param keyspace the environment that prefixes every record's and fencing counter's key
   * @param listener told of lost leases and of Redis failures that did not stop a call
   * @return the calls, with their renewal and clean-up threads; close them when done
   */
  public static RedisIdempotentCalls create(RedisConnection redis, Keyspace keyspace, LockListener listener) {
    return new RedisIdempotentCalls(redis, keyspace, listener, FALLBACK_POLL);
  }

  /**
   * The result of the call {@code key} with this payload: replayed from its record, waited for, or
   * computed here by {@code work}.
   *
   * @param <T> the result type
   * @param <E> what {@code work} may throw
   * @param key the call's identity: the business key, or a client's idempotency key of its own spec
   * @param fingerprint the payload's fingerprint, as a generated {@code XFingerprint.of(payload)}
   *     returns it: 32 lowercase hex digits
   * @param options how this kind of call is stored, replayed and waited for; the same for every
   *     call of the key
   * @param work the work, run here only when no record of the call exists (or its leader's lease
   *     ran out)
   * @return the result, as {@code work} returned it here or as the codec decoded it
   * @throws E what {@code work} threw here, unchanged
   * @throws IdempotencyConflictException when the key was first used with another payload
   * @throws IdempotencyInProgressException when the call runs elsewhere and did not finish in time
   * @throws IdempotencyFailedException when the first call failed finally
   * @throws IdempotencyDecodeException when the stored result cannot be decoded by the options'
   *     codec; the record stays and the work does not run
   * @throws IllegalArgumentException when {@code fingerprint} is not 32 lowercase hex digits
   * @throws IllegalStateException when these calls were closed, or the executor they were created on
   * @throws NullPointerException when {@code work} returned {@code null}; the record is removed, as
   *     it is when the codec cannot encode the result (then the codec's exception is thrown)
   * @throws LockException when Redis failed before the work ran ({@link RedisUnavailableException}
   *     when it did not answer: a start that may have run is cleaned up, see the class doc)
   */
  @Override
  public <T, E extends Exception> T run(LockKey key, String fingerprint, IdempotencyOptions<T> options,
      IdempotentWork<T, E> work) throws E {
    machinery.ensureOpen(this);
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(work, "work");
    if (!FINGERPRINT.matcher(Objects.requireNonNull(fingerprint, "fingerprint")).matches()) {
      throw new IllegalArgumentException("a fingerprint is 32 lowercase hex digits, as XFingerprint.of returns it;"
          + " the record must never hold a payload");
    }
    String recordKey = keyspace.fullKey(PURPOSE, key);
    String fenceKey = keyspace.fullKey(FENCE_PURPOSE, key);
    String owner = OwnerTokens.next();
    long leaseMillis = options.lease().toMillis();
    long counterTtl = Math.addExact(options.expiry().toMillis(), leaseMillis);
    boolean waits = options.inProgress() == IdempotencyOptions.InProgress.WAIT;
    long start = System.nanoTime();
    OutcomeWaiter outcome = null;
    try {
      while (true) {
        if (outcome != null) {
          outcome.clear(); // a message from now on is about the record as this read finds it
        }
        Begun begun;
        try {
          begun = store.begin(recordKey, fenceKey, fingerprint, owner, leaseMillis, counterTtl, waits);
        } catch (RedisUnavailableException unknown) {
          // the start may have run, or may run yet, for a token nobody will use: free the key of it
          housekeeper.cleanUp(untilAnswered(() -> store.abandonStart(recordKey, channel(key), owner)),
              options.lease());
          throw unknown;
        }
        switch (begun.state()) {
          case STARTED:
            if (outcome != null) { // took over from a leader whose lease ran out: nothing to wait for
              outcome.close();
              outcome = null;
            }
            return lead(key, recordKey, owner, begun.number(), options, work);
          case DONE:
            return decode(recordKey, begun.result(), options);
          case FAILED:
            throw new IdempotencyFailedException(recordKey, begun.failureType(), begun.message());
          case CONFLICT:
            throw new IdempotencyConflictException(recordKey);
          default: // RUNNING
            long left = options.waitTime().toNanos() - (System.nanoTime() - start);
            if (!waits || left <= 0) {
              throw new IdempotencyInProgressException(recordKey);
            }
            if (outcome == null) {
              // listen, then read again: an outcome published before the subscription went unheard
              outcome = OutcomeWaiter.listen(notifier, channel(key),
                  Math.min(left, UNHEARD_POLL.toNanos()), recordKey);
              continue;
            }
            // until the outcome's message, the lease's end (a dead leader is taken over) or a slow poll
            long leaseLeft = TimeUnit.MILLISECONDS.toNanos(Math.max(1, begun.number()));
            // while the subscriber reconnects no message comes: read again soon rather than at the slow poll
            long poll = outcome.listening() ? fallbackPollNanos : Math.min(fallbackPollNanos, UNHEARD_POLL.toNanos());
            outcome.await(Math.min(Math.min(poll, leaseLeft), left), recordKey);
        }
      }
    } finally {
      if (outcome != null) {
        outcome.close();
      }
    }
  }

  /** Runs the work as the call's leader and stores its outcome. */
  private <T, E extends Exception> T lead(LockKey key, String recordKey, String owner, long fencingToken,
      IdempotencyOptions<T> options, IdempotentWork<T, E> work) throws E {
    long leaseMillis = options.lease().toMillis();
    LeaseKeeper.Renewal renewal = options.renewal()
        ? keeper.keep(key, recordKey, owner, leaseMillis)
        : LeaseKeeper.Renewal.NONE;
    T value;
    try {
      value = work.run(fencingToken);
    } catch (Exception failure) {
      renewal.close();
      settleFailure(key, recordKey, owner, failure, options);
      throw failure;
    } catch (Error error) {
      renewal.close();
      abandon(key, recordKey, owner, error, options);
      throw error;
    }
    renewal.close();
    if (value == null) {
      NullPointerException none = new NullPointerException(
          "the work of " + recordKey + " returned null, which cannot be stored");
      abandon(key, recordKey, owner, none, options);
      throw none;
    }
    byte[] encoded;
    try {
      encoded = options.codec().encode(value);
    } catch (RuntimeException codecFailure) {
      abandon(key, recordKey, owner, codecFailure, options); // a codec that cannot store the result is a bug to see now
      throw codecFailure;
    }
    long expiryMillis = options.expiry().toMillis();
    try {
      if (!store.storeResult(recordKey, channel(key), owner, encoded, expiryMillis)) {
        listener.onLeaseLost(key);
      }
    } catch (LockException e) {
      LOG.log(System.Logger.Level.WARNING, "the work of " + recordKey + " ran but its result could not be stored;"
          + " it is sent again until the record's lease has passed; if it never lands, a retry runs the work again",
          e);
      listener.onError(key, e);
      settleLater(() -> store.storeResult(recordKey, channel(key), owner, encoded, expiryMillis), options);
    }
    return value;
  }

  /** The stored result, decoded; a codec that cannot read it is the caller's to fix, and the record stays. */
  private static <T> T decode(String recordKey, byte[] stored, IdempotencyOptions<T> options) {
    try {
      return options.codec().decode(stored);
    } catch (RuntimeException codecFailure) {
      throw new IdempotencyDecodeException(recordKey, codecFailure);
    }
  }

  /** Stores a final failure or removes the record; a Redis failure doing so must not hide the work's own. */
  private void settleFailure(LockKey key, String recordKey, String owner, Exception failure,
      IdempotencyOptions<?> options) {
    if (!options.finalFailure().test(failure)) {
      abandon(key, recordKey, owner, failure, options);
      return;
    }
    long expiryMillis = options.expiry().toMillis();
    try {
      if (!store.storeFailure(recordKey, channel(key), owner, failure, expiryMillis)) {
        listener.onLeaseLost(key);
      }
    } catch (LockException e) {
      failure.addSuppressed(e);
      listener.onError(key, e);
      settleLater(() -> store.storeFailure(recordKey, channel(key), owner, failure, expiryMillis), options);
    }
  }

  private void abandon(LockKey key, String recordKey, String owner, Throwable failure,
      IdempotencyOptions<?> options) {
    try {
      store.abandon(recordKey, channel(key), owner);
    } catch (LockException e) {
      failure.addSuppressed(e);
      listener.onError(key, e);
      settleLater(() -> store.abandon(recordKey, channel(key), owner), options);
    }
  }

  /**
   * Sends an outcome that failed again, once now and in the background until the record's lease
   * has passed (after that no record is left to settle). Every script checks the owner token, so a
   * copy that arrives twice, or after another caller took over, changes nothing: a stored outcome
   * is never removed, and an outcome is stored only in the caller's own in-progress record.
   */
  private void settleLater(Runnable send, IdempotencyOptions<?> options) {
    housekeeper.cleanUp(untilAnswered(send), options.lease());
  }

  /** A clean-up that is done once Redis answers {@code command}, whatever it answers. */
  private static Housekeeper.CleanUp untilAnswered(Runnable command) {
    return () -> {
      try {
        command.run();
        return true;
      } catch (LockException stillFailing) {
        return false;
      }
    };
  }

  /** The channel the outcome of {@code key}'s call is published on. */
  private String channel(LockKey key) {
    return keyspace.fullKey(OUTCOME_PURPOSE, key);
  }

  /**
   * Stops renewing leases, listening for outcomes and settling unknown outcomes, when these calls
   * run on a machinery of their own ({@code create(jedis, ...)}); calls running meanwhile keep their
   * records until their leases run out, and waiting ones read the record at their fallback poll.
   * Closes nothing when created on an executor: its {@link RedisLockExecutor#close()} stops them.
   */
  @Override
  public void close() {
    if (owned != null) {
      owned.close();
    }
  }

  @Override
  public String toString() {
    return "RedisIdempotentCalls[" + keyspace.env() + "]";
  }
}
