package dev.lockkey.internal.store;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.internal.LeaseRenewer;
import dev.lockkey.internal.MultiKeyAcquirer;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.MultiLease;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The lock executor of a {@link LeaseStore}, whichever the store: what a backend's public executor
 * delegates to. It wires the store to the local gate, the acquire loop, multi-key acquisition and
 * the renewal threads, and refuses acquisitions once closed. Not API. Thread-safe.
 */
public final class StoreLocks implements AutoCloseable {
  private final String name;
  private final LeaseRenewer renewer;
  private final Acquirer acquirer;
  private final MultiKeyAcquirer multiKey;
  private volatile boolean closed;

  /**
   * Locks on {@code store}.
   *
   * @param name the executor's name, for messages, e.g. {@code DynamoLockExecutor[locks, prod]}
   * @param threadPrefix the start of the renewal threads' names, e.g. {@code lockkey-dynamodb-}
   * @param store the store
   * @param keyspace the key space of the full keys
   * @param unshielded the listener (its exceptions are kept away from the locks)
   * @param maxPollNanos the longest pause between two attempts of a waiter
   */
  public StoreLocks(String name, String threadPrefix, LeaseStore store, Keyspace keyspace, LockListener unshielded,
      long maxPollNanos) {
    this.name = name;
    this.renewer = new LeaseRenewer(threadPrefix);
    LockListener listener = LockListener.all(unshielded);
    LocalGate gate = new LocalGate();
    StoreLeaseControl control = new StoreLeaseControl(store, renewer, gate, listener);
    this.acquirer = new Acquirer(keyspace, store, control, gate, listener, maxPollNanos);
    // one key a step (DynamoDB's TransactWriteItems could take up to 100 in one request, but the
    // DynamoDB-compatible servers that tests run on do not implement it)
    this.multiKey = new MultiKeyAcquirer(keyspace, (group, options, start, deadline) ->
        MultiLease.of(List.of(acquirer.acquire(group.get(0), options, start, deadline, true)), false), listener);
  }

  /**
   * {@link dev.lockkey.lock.LockExecutor#tryAcquire(LockKey, LockOptions)}: one attempt.
   *
   * @param key the key
   * @param options the options
   * @return the lease, or empty when held
   */
  public Optional<Lease> tryAcquire(LockKey key, LockOptions options) {
    ensureOpen(options);
    long start = System.nanoTime();
    return Optional.ofNullable(acquirer.acquire(key, options, start, start, false));
  }

  /**
   * {@link dev.lockkey.lock.LockExecutor#acquire(LockKey, LockOptions)}: waits up to the wait time.
   *
   * @param key the key
   * @param options the options
   * @return the lease
   */
  public Lease acquire(LockKey key, LockOptions options) {
    ensureOpen(options);
    long start = System.nanoTime();
    return acquirer.acquire(key, options, start, start + options.waitTime().toNanos(), true);
  }

  /**
   * {@link dev.lockkey.lock.LockExecutor#acquireAll(Collection, LockOptions)}: all or none.
   *
   * @param keys the keys
   * @param options the options
   * @return the leases
   */
  public MultiLease acquireAll(Collection<? extends LockKey> keys, LockOptions options) {
    ensureOpen(options);
    return multiKey.acquireAll(keys, options);
  }

  /** Stops the renewal threads (leases still held then run out by their lease time); acquisitions fail from now on. */
  @Override
  public void close() {
    closed = true;
    renewer.close();
  }

  private void ensureOpen(LockOptions options) {
    Objects.requireNonNull(options, "options");
    if (closed) {
      throw new IllegalStateException(name + " is closed");
    }
  }
}
