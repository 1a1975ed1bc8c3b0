package dev.lockkey.redis.internal;

import dev.lockkey.redis.connection.PubSubListener;
import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.redis.connection.RedisNode;
import dev.lockkey.redis.connection.ReplicatedReply;
import dev.lockkey.redis.connection.SubscriberConnection;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The executor's lock scripts for the model checks, in memory and deterministic: a
 * {@link RedisConnection} that answers {@link LockCommands}' acquire, handoff and release scripts
 * (by their SHA-1) as the Lua scripts do for one lock, on a {@link ModelStore}, so that the real
 * {@link LockAcquirer} and {@link RedisLeases} run unchanged above it. What the model leaves out:
 * other executors (a handoff that looks elsewhere finds nobody there, and passes), the lock's
 * Redis queue (an attempt that finds the lock held answers "not queued", as a full queue does),
 * time (leases never run out) and pub/sub (there is no subscriber connection: a handoff that does
 * not look elsewhere watches nothing). Each script is one atomic step. Thread-safe.
 */
final class ModelScripts implements RedisConnection {
  private static final String ACQUIRE = LuaScript.load("acquire").sha1();
  private static final String HANDOFF = LuaScript.load("handoff").sha1();
  private static final String RELEASE = LuaScript.load("release").sha1();

  private final ModelStore store = new ModelStore();
  private final Duration handedHold;
  private final ConcurrentLinkedQueue<String> handedTo = new ConcurrentLinkedQueue<>();
  private final ConcurrentLinkedQueue<String> cleanedUp = new ConcurrentLinkedQueue<>();

  /**
   * @param handedHold how long a handoff's new owner holds the lock (the handoff script's
   *     {@code held}): the lease asked for, or less, as a re-sent handoff may answer (a claim too
   *     short to take: the waiter confirms it by an attempt of its own)
   */
  ModelScripts(Duration handedHold) {
    this.handedHold = handedHold;
  }

  /** The owner token of the lock, or {@code null} when it is free. */
  String owner() {
    return store.owner();
  }

  /** The owner tokens a handoff passed the lock to, in order. */
  List<String> handedTo() {
    return List.copyOf(handedTo);
  }

  /** The owner tokens cleaned up ({@link LockCommands#cleanUp}: a waiter left, or an outcome was unknown), in order. */
  List<String> cleanedUp() {
    return List.copyOf(cleanedUp);
  }

  @Override
  public Object evalsha(String sha1, String source, List<String> keys, List<String> args) {
    String owner = args.get(0);
    if (sha1.equals(ACQUIRE)) {
      long mine = store.tokenOf(owner);
      long token = mine >= 0 ? mine : store.take(owner);
      return token >= 0 ? List.of(1L, token) : List.of(0L, 1L, -1L, LockCommands.Attempt.NOT_QUEUED);
    }
    if (sha1.equals(HANDOFF)) {
      long token = store.handOff(owner, args.get(1));
      if (token >= 0) {
        handedTo.add(args.get(1));
      }
      return token >= 0 ? List.of(1L, token, handedHold.toMillis()) : List.of(-1L);
    }
    if (sha1.equals(RELEASE)) {
      if (args.get(3).equals("1")) {
        cleanedUp.add(owner);
      }
      return List.of(store.release(owner) ? 1L : 0L);
    }
    throw new UnsupportedOperationException("not a lock script of the model: " + sha1);
  }

  @Override
  public SubscriberConnection subscriber(PubSubListener listener) {
    throw new UnsupportedOperationException("the model has no pub/sub");
  }

  @Override
  public boolean isCluster() {
    return false;
  }

  @Override
  public Object evalshaBinary(String sha1, String source, List<byte[]> keys, List<byte[]> args) {
    throw new UnsupportedOperationException("lock scripts only");
  }

  @Override
  public ReplicatedReply evalshaAndWait(String sha1, String source, List<String> keys, List<String> args,
      int replicas, Duration timeout) {
    throw new UnsupportedOperationException("no replicas in the model");
  }

  @Override
  public String ping() {
    throw new UnsupportedOperationException("lock scripts only");
  }

  @Override
  public byte[] get(byte[] key) {
    throw new UnsupportedOperationException("lock scripts only");
  }

  @Override
  public List<RedisNode> nodes() {
    throw new UnsupportedOperationException("lock scripts only");
  }
}
