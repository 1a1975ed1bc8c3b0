package dev.lockkey.dynamodb;

import static dev.lockkey.dynamodb.DynamoLockTable.CREATED_AT;
import static dev.lockkey.dynamodb.DynamoLockTable.EXPIRES_AT;
import static dev.lockkey.dynamodb.DynamoLockTable.FENCING_TOKEN;
import static dev.lockkey.dynamodb.DynamoLockTable.LEASE_UNTIL;
import static dev.lockkey.dynamodb.DynamoLockTable.OWNER_TOKEN;
import static dev.lockkey.dynamodb.DynamoLockTable.PARTITION_KEY;

import dev.lockkey.internal.Durations;
import dev.lockkey.lock.LockOptions;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * The lock operations on one DynamoDB table, each one conditional write (one request, one write
 * capacity unit for an item under 1 KB): take, release and extend a lock by its full key. The
 * building block of the DynamoDB lock executor; usable on its own where a caller manages owner
 * tokens itself. Thread-safe; the {@link DynamoDbClient} stays the caller's.
 *
 * <h2>Conditions</h2>
 * <ul>
 *   <li>take: {@code attribute_not_exists(pk) OR lease_until < :now OR owner_token = :owner}, the
 *       seed's condition plus the caller's own owner token, so that a take the SDK retries after a
 *       lost reply finds its own first write and succeeds again instead of waiting for itself;
 *   <li>release and extend: {@code owner_token = :owner AND lease_until >= :now}: a holder whose
 *       lease ran out, or was taken over, changes nothing. A release sets {@code lease_until} to 0
 *       and keeps the owner token (a released lock is free to take), so a release retried by the
 *       SDK also finds its first write ({@code OR lease_until = 0}) and reports it.
 * </ul>
 * A failed condition ({@link ConditionalCheckFailedException}) is the normal "held by another" or
 * "not held any more" answer, never an exception to the caller.
 *
 * <h2>Fencing tokens</h2>
 * The take increments {@code fencing_token} in the same conditional write:
 * {@code if_not_exists(fencing_token, :floor) + 1}. A release keeps the item, so tokens rise by
 * one per holder, also after expiries and releases. The item is deleted only by DynamoDB TTL, at
 * the earliest {@link #RETENTION} after the last lease ran out or was released; a key taken again
 * after that starts from the time floor, the taker's clock in microseconds, which stands above
 * every token of the deleted item as long as the taker's clock is not more than about
 * {@link #RETENTION} behind the clock of the item's first taker (an item gains at most a few
 * thousand tokens a second, far below a million a second). Storage: one item of about 150 bytes
 * per key used within the retention (plus DynamoDB's TTL delay, typically up to a few days).
 *
 * <h2>Time</h2>
 * {@code lease_until} is written by the taker's wall clock and compared by the next taker's: the
 * design assumes the clocks of all clients agree within a bound far below the lease time (NTP or
 * Amazon Time Sync keep them within milliseconds; see docs/BACKENDS.md). A client whose clock runs
 * ahead by d sees a lease run out d early and may take the lock while its holder still works; the
 * fencing token, which rises regardless of clocks, lets the guarded resource refuse the old holder.
 *
 * <h2>Timeouts</h2>
 * Every request carries the SDK's per-request {@code apiCallAttemptTimeout} and
 * {@code apiCallTimeout} (which take precedence over the client's): the {@link #attemptTimeout()}
 * and {@link #requestTimeout()} of this store, the whole call cut further to nine tenths of the
 * lease a take asks for, or of the {@code within} a caller gives a release or an extension (what
 * its lease has left; the tenth is for the SDK's own work around its timer). So the client's retry
 * strategy may retry as it likes: no call outlives what it serves, and a waiting acquisition ends
 * at most one request timeout after its wait time. Unless set with
 * {@link #withTimeouts}, they are the client's own {@code apiCallAttemptTimeout} and
 * {@code apiCallTimeout} where it sets them, else {@link #DEFAULT_ATTEMPT_TIMEOUT} (500 ms) and
 * {@link #DEFAULT_REQUEST_TIMEOUT} (2 s).
 *
 * <h2>Failures</h2>
 * Throttling after the SDK's retries is {@link DynamoThrottledException}; no answer (refused,
 * reset, timed out, also by the timeouts above) or a 5xx is {@link DynamoUnavailableException};
 * anything else, e.g. a missing table, {@link DynamoLockException}; a call the SDK abandoned
 * because the thread was interrupted is a {@link dev.lockkey.lock.LockInterruptedException} (the
 * flag set again).
 */
public final class DynamoLockStore {
  /**
   * How long an item outlives its last lease before DynamoDB TTL may delete it: the margin that
   * keeps fencing tokens rising after a deletion (see the class documentation).
   */
  public static final Duration RETENTION = Duration.ofHours(1);
  /** The longest HTTP attempt of a request unless set, or set by the client: 500 ms. */
  public static final Duration DEFAULT_ATTEMPT_TIMEOUT = Duration.ofMillis(500);
  /** The longest call of a request, the SDK's retries included, unless set, or set by the client: 2 s. */
  public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(2);

  private static final String TAKE = "SET #owner = :owner, #until = :until, #created = :now, #expires = :expires, "
      + "#fence = if_not_exists(#fence, :floor) + :one";
  private static final String TAKE_IF = "attribute_not_exists(#pk) OR #until < :now OR #owner = :owner";
  private static final String RELEASE = "SET #until = :zero, #expires = :expires";
  private static final String RELEASE_IF = "#owner = :owner AND (#until >= :now OR #until = :zero)";
  private static final String EXTEND = "SET #until = :until, #expires = :expires";
  private static final String EXTEND_IF = "#owner = :owner AND #until >= :now";
  private static final Map<String, String> NAMES = Map.of(
      "#pk", PARTITION_KEY,
      "#owner", OWNER_TOKEN,
      "#until", LEASE_UNTIL,
      "#created", CREATED_AT,
      "#fence", FENCING_TOKEN,
      "#expires", EXPIRES_AT);
  private static final AttributeValue ZERO = number(0);
  private static final AttributeValue ONE = number(1);

  private final DynamoDbClient client;
  private final String table;
  private final Clock clock;
  private final RequestTimeouts timeouts;

  private DynamoLockStore(DynamoDbClient client, String table, Clock clock, RequestTimeouts timeouts) {
    this.client = client;
    this.table = table;
    this.clock = clock;
    this.timeouts = timeouts;
  }

  /**
   * A store on {@code table} (see {@link DynamoLockTable}) with the system clock.
   *
   * @param client the DynamoDB client; the caller keeps and closes it
   * @param table the lock table's name
   * @return the store
   */
  public static DynamoLockStore create(DynamoDbClient client, String table) {
    return create(client, table, Clock.systemUTC());
  }

  /**
   * A store whose {@code lease_until} values follow {@code clock}: the system clock outside tests,
   * where one of several clients may be set ahead or behind to play skew or expiry.
   *
   * @param client the DynamoDB client; the caller keeps and closes it
   * @param table the lock table's name
   * @param clock the wall clock that writes and compares {@code lease_until}
   * @return the store
   */
  public static DynamoLockStore create(DynamoDbClient client, String table, Clock clock) {
    Objects.requireNonNull(client, "client");
    return new DynamoLockStore(client, Objects.requireNonNull(table, "table"), Objects.requireNonNull(clock, "clock"),
        RequestTimeouts.of(client, DEFAULT_ATTEMPT_TIMEOUT, DEFAULT_REQUEST_TIMEOUT));
  }

  /**
   * This store with other request timeouts (see the class documentation).
   *
   * @param attemptTimeout the longest HTTP attempt of a request
   * @param requestTimeout the longest call, the SDK's retries and their pauses included
   * @return a store on the same client, table and clock with these timeouts
   * @throws IllegalArgumentException when one is under 1 ms, or {@code attemptTimeout} is longer
   *     than {@code requestTimeout}
   */
  public DynamoLockStore withTimeouts(Duration attemptTimeout, Duration requestTimeout) {
    return new DynamoLockStore(client, table, clock, RequestTimeouts.of(attemptTimeout, requestTimeout));
  }

  /** {@return the lock table's name} */
  public String table() {
    return table;
  }

  /** {@return the wall clock of {@code lease_until}} */
  public Clock clock() {
    return clock;
  }

  /** {@return the longest HTTP attempt of a request} */
  public Duration attemptTimeout() {
    return timeouts.attempt();
  }

  /** {@return the longest call, the SDK's retries included} */
  public Duration requestTimeout() {
    return timeouts.call();
  }

  /**
   * Takes the lock {@code fullKey} for {@code ownerToken} if it is free, its lease ran out, or it
   * is this owner's already (a retried take), in one conditional write, which takes at most the
   * {@link #requestTimeout()} or nine tenths of {@code leaseTime}, whichever is shorter: a take
   * that answers later than its lease would run is no use.
   *
   * @param fullKey the lock's full key, the item's partition key
   * @param ownerToken the new lease's owner token, unique per lease
   * @param leaseTime how long the lock is kept unless released or extended, at least 1 ms
   * @throws DynamoThrottledException when DynamoDB throttled the write through the SDK's retries
   * @throws DynamoUnavailableException when DynamoDB did not answer, or failed on its side
   * @throws DynamoLockException on any other DynamoDB failure, e.g. a missing table
   * @return granted, with the new fencing token and lease deadline, or held, with the holder's
   *     deadline when DynamoDB returned it
   * @throws dev.lockkey.lock.LockInterruptedException when the thread was interrupted during the call
   */
  public AcquireResult tryAcquire(String fullKey, String ownerToken, Duration leaseTime) {
    long now = clock.millis();
    long until = now + leaseMillis(leaseTime);
    try {
      UpdateItemResponse response = client.updateItem(request -> request
          .tableName(table)
          .key(key(fullKey))
          .updateExpression(TAKE)
          .conditionExpression(TAKE_IF)
          .expressionAttributeNames(NAMES)
          .expressionAttributeValues(Map.of(
              ":owner", AttributeValue.fromS(ownerToken),
              ":until", number(until),
              ":now", number(now),
              ":expires", expiresAt(until),
              ":floor", number(Math.multiplyExact(now, 1000L)),
              ":one", ONE))
          .returnValues(ReturnValue.UPDATED_NEW)
          .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
          .overrideConfiguration(timeouts.within(leaseTime.toNanos())));
      return new AcquireResult.Granted(Long.parseLong(response.attributes().get(FENCING_TOKEN).n()), until);
    } catch (ConditionalCheckFailedException held) {
      AttributeValue holderUntil = held.hasItem() ? held.item().get(LEASE_UNTIL) : null;
      return new AcquireResult.Held(holderUntil == null
          ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(holderUntil.n())));
    } catch (SdkException e) {
      throw DynamoFailures.translate(fullKey, table, e);
    }
  }

  /**
   * Releases the lock as {@link #release(String, String, Duration)} does, within the
   * {@link #requestTimeout()}.
   *
   * @param fullKey the lock's full key
   * @param ownerToken the owner token of the lease to release
   * @return whether the lease held the lock (and it is free now)
   * @throws DynamoThrottledException when DynamoDB throttled the write through the SDK's retries
   * @throws DynamoUnavailableException when DynamoDB did not answer, or failed on its side
   * @throws DynamoLockException on any other DynamoDB failure, e.g. a missing table
   * @throws dev.lockkey.lock.LockInterruptedException when the thread was interrupted during the call
   */
  public boolean release(String fullKey, String ownerToken) {
    return release(fullKey, ownerToken, requestTimeout());
  }

  /**
   * Releases the lock if {@code ownerToken}'s lease still holds it (or this owner released it
   * already), in one conditional write. The item stays, with its fencing token.
   *
   * @param fullKey the lock's full key
   * @param ownerToken the owner token of the lease to release
   * @param within by when the call must have ended, e.g. what the lease has left: its timeout is
   *     nine tenths of it, or the {@link #requestTimeout()} if shorter; at least 1 ms
   * @return whether the lease held the lock (and it is free now)
   * @throws DynamoThrottledException when DynamoDB throttled the write through the SDK's retries
   * @throws DynamoUnavailableException when DynamoDB did not answer, or failed on its side
   * @throws DynamoLockException on any other DynamoDB failure, e.g. a missing table
   * @throws dev.lockkey.lock.LockInterruptedException when the thread was interrupted during the call
   */
  public boolean release(String fullKey, String ownerToken, Duration within) {
    long budgetNanos = budgetNanos(within);
    long now = clock.millis();
    return conditionalWrite(fullKey, budgetNanos, RELEASE, RELEASE_IF, Map.of(
        ":owner", AttributeValue.fromS(ownerToken),
        ":now", number(now),
        ":zero", ZERO,
        ":expires", expiresAt(now)));
  }

  /**
   * Extends the lease as {@link #extend(String, String, Duration, Duration)} does, within the
   * {@link #requestTimeout()}.
   *
   * @param fullKey the lock's full key
   * @param ownerToken the owner token of the lease to extend
   * @param leaseTime how long from now the lease runs, at least 1 ms
   * @return whether the lease held the lock (and is extended now)
   * @throws DynamoThrottledException when DynamoDB throttled the write through the SDK's retries
   * @throws DynamoUnavailableException when DynamoDB did not answer, or failed on its side
   * @throws DynamoLockException on any other DynamoDB failure, e.g. a missing table
   * @throws dev.lockkey.lock.LockInterruptedException when the thread was interrupted during the call
   */
  public boolean extend(String fullKey, String ownerToken, Duration leaseTime) {
    return extend(fullKey, ownerToken, leaseTime, requestTimeout());
  }

  /**
   * Sets the lease of {@code ownerToken} to run out {@code leaseTime} from now, if it still holds
   * the lock, in one conditional write.
   *
   * @param fullKey the lock's full key
   * @param ownerToken the owner token of the lease to extend
   * @param leaseTime how long from now the lease runs, at least 1 ms
   * @param within by when the call must have ended, e.g. what the lease has left: its timeout is
   *     nine tenths of it, or the {@link #requestTimeout()} if shorter; at least 1 ms
   * @return whether the lease held the lock (and is extended now)
   * @throws DynamoThrottledException when DynamoDB throttled the write through the SDK's retries
   * @throws DynamoUnavailableException when DynamoDB did not answer, or failed on its side
   * @throws DynamoLockException on any other DynamoDB failure, e.g. a missing table
   * @throws dev.lockkey.lock.LockInterruptedException when the thread was interrupted during the call
   */
  public boolean extend(String fullKey, String ownerToken, Duration leaseTime, Duration within) {
    long budgetNanos = budgetNanos(within);
    long now = clock.millis();
    long until = now + leaseMillis(leaseTime);
    return conditionalWrite(fullKey, budgetNanos, EXTEND, EXTEND_IF, Map.of(
        ":owner", AttributeValue.fromS(ownerToken),
        ":now", number(now),
        ":until", number(until),
        ":expires", expiresAt(until)));
  }

  /**
   * Reads the lock's item (a strongly consistent read), for diagnostics and tests.
   *
   * @param fullKey the lock's full key
   * @return the item, or empty when the key was never taken or its item was deleted by TTL
   */
  public Optional<LockItem> read(String fullKey) {
    Map<String, AttributeValue> item;
    try {
      item = client.getItem(request -> request.tableName(table).key(key(fullKey)).consistentRead(true)
          .overrideConfiguration(timeouts.full())).item();
    } catch (SdkException e) {
      throw DynamoFailures.translate(fullKey, table, e);
    }
    if (item == null || item.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new LockItem(fullKey, item.get(OWNER_TOKEN).s(), longOf(item, LEASE_UNTIL),
        longOf(item, CREATED_AT), longOf(item, FENCING_TOKEN), longOf(item, EXPIRES_AT)));
  }

  @Override
  public String toString() {
    return "DynamoLockStore[" + table + "]";
  }

  private boolean conditionalWrite(String fullKey, long budgetNanos, String update, String condition,
      Map<String, AttributeValue> values) {
    try {
      client.updateItem(request -> request
          .tableName(table)
          .key(key(fullKey))
          .updateExpression(update)
          .conditionExpression(condition)
          .expressionAttributeNames(Map.of("#owner", OWNER_TOKEN, "#until", LEASE_UNTIL, "#expires", EXPIRES_AT))
          .expressionAttributeValues(values)
          .overrideConfiguration(timeouts.within(budgetNanos)));
      return true;
    } catch (ConditionalCheckFailedException notHeld) {
      return false;
    } catch (SdkException e) {
      throw DynamoFailures.translate(fullKey, table, e);
    }
  }

  private static Map<String, AttributeValue> key(String fullKey) {
    return Map.of(PARTITION_KEY, AttributeValue.fromS(Objects.requireNonNull(fullKey, "fullKey")));
  }

  private static long budgetNanos(Duration within) {
    return Durations.requireMillisBetweenOneAnd("within", within, LockOptions.MAX_LEASE_TIME).toNanos();
  }

  private static long leaseMillis(Duration leaseTime) {
    long millis = leaseTime.toMillis();
    if (millis < 1) {
      throw new IllegalArgumentException("a lease must be at least 1 ms, was " + leaseTime);
    }
    return millis;
  }

  /** The TTL value for a lease running out at {@code leaseUntilMillis}: {@link #RETENTION} later, in whole seconds. */
  private static AttributeValue expiresAt(long leaseUntilMillis) {
    long millis = leaseUntilMillis + RETENTION.toMillis();
    return number(Math.floorDiv(millis + 999, 1000));
  }

  private static AttributeValue number(long value) {
    return AttributeValue.fromN(Long.toString(value));
  }

  private static long longOf(Map<String, AttributeValue> item, String attribute) {
    return Long.parseLong(item.get(attribute).n());
  }
}
