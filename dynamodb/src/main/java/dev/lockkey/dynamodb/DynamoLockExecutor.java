package dev.lockkey.dynamodb;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.internal.store.StoreLocks;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.lock.LockInterruptedException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.lock.MultiLease;
import java.time.Duration;
import java.util.Collection;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Takes locks on {@link LockKey}s in a DynamoDB table: the {@link LockExecutor} contract on
 * DynamoDB, for teams on AWS without a Redis. One executor per application and key space, shared
 * by all threads; the {@link DynamoDbClient} stays the caller's (its region, credentials, HTTP
 * client and retry strategy). Every request carries its own timeouts
 * ({@link DynamoLockExecutorBuilder#requestTimeouts}), cut to fit what its lease has left: a
 * renewal or a release never outlives the lease it serves, whatever the client retries, and a
 * waiting {@code acquire} ends at most one request timeout after its wait time.
 *
 * <pre>{@code
 * DynamoLockTable.create(dynamoDb, "locks");                      // once, or by CloudFormation / Terraform
 * LockExecutor locks = DynamoLockExecutor.create(dynamoDb, "locks", Keyspace.of("prod"));
 * try (Lease lease = locks.acquire(PaymentCaptureKey.of("t42", 98765))) {
 *   ledger.capture(payment, lease.fencingToken());
 * }
 * }</pre>
 *
 * <h2>Data and fencing</h2>
 * One item per lock key, its partition key the full key ({@code lock:prod:{payment:capture:v1:t42:98765}});
 * the attributes, conditions and fencing tokens are {@link DynamoLockStore}'s (and
 * {@link DynamoLockTable}'s): taking is {@code attribute_not_exists(pk) OR lease_until < :now}
 * with the fencing token incremented in the same conditional write, release and extension check
 * the owner token. The item outlives a release, with its counter, until TTL deletes it an hour
 * after the last lease; a time floor keeps tokens rising after that. A resource on DynamoDB refuses
 * a stale holder's write with {@link DynamoFencedWriter}.
 *
 * <h2>Cost</h2>
 * Every operation is one conditional write (one write capacity unit; a failed condition costs one
 * too): an uncontended acquire is one request, a release one, a renewal one per lease time / 3.
 * {@link #acquireAll} takes n keys with n writes and extends the first n - 1 with n - 1 more.
 *
 * <h2>Waiting</h2>
 * DynamoDB cannot tell a waiter that a lock was released, so a waiter polls: it tries again after
 * a pause that starts at 10 ms and doubles up to {@link DynamoLockExecutorBuilder#maxPollInterval
 * the maximum} (500 ms unless set), each pause jittered between half and all of it, and ended
 * early when DynamoDB said that the holder's lease runs out sooner. Measured with the defaults
 * ({@code PollingCostTest}): a waiter makes about 8 attempts in its first second and 2 to 3 a
 * second after that (a lock held 2 s cost its waiter 10 to 11 requests); three executors taking
 * turns on one key held 20 ms at a time made 2 to 3 attempts per acquisition, plus the release.
 * Threads of one executor that want the same key wait locally, at no cost in requests, while
 * one of them polls or holds the lease; when the lease ends the next of them tries at once. Across
 * processes there is no queue and no fairness: the first attempt after a release wins, and a
 * released lock is taken by a waiter in another process up to one pause later (500 ms at most with the defaults), which caps how many
 * holders per second one hot key sees under contention; prefer Redis for hot keys with short holds.
 *
 * <h2>Time</h2>
 * Lease deadlines, renewals and waits in this process run on {@link System#nanoTime()}. But a
 * lock's {@code lease_until} is written by the acquiring client's wall clock and compared with the
 * next taker's, so the design assumes that the clients' clocks agree to within a bound far below
 * the lease time (NTP or Amazon Time Sync keep EC2 clocks within about a millisecond; assume at
 * most 1 s and use leases of 10 s or more). A taker whose clock runs d ahead may take a lock d
 * before the holder's lease ran out by the holder's clock; the holder's watchdog, which extends at
 * a third of the lease, keeps a renewed lease far from that edge, and the fencing token, which
 * rises regardless of any clock, lets the guarded resource refuse the old holder if two overlap.
 *
 * <h2>Failures and limits</h2>
 * {@link DynamoUnavailableException} (no answer within the request timeouts, or a 5xx),
 * {@link DynamoThrottledException} (capacity exceeded through the SDK's retries) and
 * {@link DynamoLockException} (anything else, e.g. a missing table) are {@link dev.lockkey.lock.LockException}s;
 * a held lock is an answer, never an exception. Once {@code withLock} ran the work, its result
 * stands: a release failing then goes to the listener's {@code onError} and a {@code WARNING} log
 * ({@link System.Logger} {@code dev.lockkey.dynamodb}), as {@link LockExecutor#withLock(LockKey,
 * LockOptions, dev.lockkey.lock.LockedWork)} says. Conditional writes are strongly consistent within
 * one region; global tables replicate asynchronously between regions and give no mutual
 * exclusion across them, so lock in one region. The executor runs two daemon threads for
 * renewals and one for the callbacks that renewals trigger.
 */
public final class DynamoLockExecutor implements LockExecutor {
  private final Keyspace keyspace;
  private final String table;
  private final LockOptions defaults;
  private final StoreLocks locks;

  DynamoLockExecutor(DynamoLockStore store, Keyspace keyspace, LockOptions defaults, LockListener unshielded,
      Duration maxPollInterval) {
    this.keyspace = keyspace;
    this.table = store.table();
    this.defaults = defaults;
    this.locks = new StoreLocks(toString(), "lockkey-dynamodb-", new DynamoLeaseStore(store), keyspace, unshielded,
        maxPollInterval.toNanos());
  }

  /**
   * An executor with {@link LockOptions#defaults()}, no listener and the system clock, on the lock
   * table {@code table} (see {@link DynamoLockTable}).
   *
   * @param client the DynamoDB client; the caller keeps and closes it
   * @param table the lock table's name; the table must exist, e.g. made by
   *     {@link DynamoLockTable#create}
   * @param keyspace the key space whose full keys are the table's partition keys
   * @return the executor; close it when done
   */
  public static DynamoLockExecutor create(DynamoDbClient client, String table, Keyspace keyspace) {
    return builder(client, table, keyspace).build();
  }

  /**
   * A builder for an executor on {@code client} (which the caller keeps and closes), {@code table}
   * and {@code keyspace}.
   *
   * @param client the DynamoDB client; the caller keeps and closes it
   * @param table the lock table's name (see {@link DynamoLockTable})
   * @param keyspace the key space whose full keys are the table's partition keys
   * @return a builder with the defaults of {@link #create}
   */
  public static DynamoLockExecutorBuilder builder(DynamoDbClient client, String table, Keyspace keyspace) {
    return new DynamoLockExecutorBuilder(client, table, keyspace);
  }

  @Override
  public Keyspace keyspace() {
    return keyspace;
  }

  @Override
  public LockOptions defaultOptions() {
    return defaults;
  }

  /**
   * {@inheritDoc} One conditional write.
   *
   * @throws DynamoLockException when DynamoDB failed (see the class documentation)
   */
  @Override
  public Optional<Lease> tryAcquire(LockKey key, LockOptions options) {
    return locks.tryAcquire(key, options);
  }

  /**
   * {@inheritDoc} Polls while the lock is held; see the class documentation for the cost.
   *
   * @throws LockTimeoutException when it stayed held for the whole wait time
   * @throws LockInterruptedException when the thread was interrupted while waiting
   * @throws DynamoLockException when DynamoDB failed (see the class documentation)
   */
  @Override
  public Lease acquire(LockKey key, LockOptions options) {
    return locks.acquire(key, options);
  }

  /**
   * {@inheritDoc} One by one, then every lease but the last is extended so that each runs a full
   * lease time from when this returns; a member lost meanwhile makes it start again within the
   * wait time.
   *
   * @throws LockTimeoutException naming a key that stayed held
   * @throws LockInterruptedException when the thread was interrupted while waiting
   * @throws DynamoLockException when DynamoDB failed (see the class documentation)
   */
  @Override
  public MultiLease acquireAll(Collection<? extends LockKey> keys, LockOptions options) {
    return locks.acquireAll(keys, options);
  }

  /**
   * Stops the renewal watchdog (leases still held then run out by their lease time). Does not
   * close the DynamoDB client. Further acquisitions fail.
   */
  @Override
  public void close() {
    locks.close();
  }

  @Override
  public String toString() {
    return "DynamoLockExecutor[" + table + ", " + keyspace.env() + "]";
  }
}
