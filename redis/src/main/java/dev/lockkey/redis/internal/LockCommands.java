package dev.lockkey.redis.internal;

import dev.lockkey.internal.Housekeeper;
import dev.lockkey.lock.LockException;
import dev.lockkey.redis.RedisUnavailableException;
import dev.lockkey.redis.ReplicationException;
import dev.lockkey.redis.connection.RedisClientException;
import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.redis.connection.ReplicatedReply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The executor's Redis operations on locks: one Lua script each (resources next to the executor),
 * one round trip each, through the {@link RedisConnection} port. Every call's keys share one hash
 * slot. The client's failures become
 * {@link LockException}s naming the first lock. Not API. Thread-safe.
 *
 * <p>Every mutating script recognises a second run of itself: a client that timed out sends the
 * command again (the Jedis cluster client does), and when the node was only slow both copies run.
 * An acquire finds its own owner token and answers with the fencing token the first run wrote; a
 * release, handoff or extension finds its own work done and answers as the first run did (a
 * release leaves its owner token in the lock's releaser key for {@link #RETRY_MEMORY}).
 *
 * <p>An acquire whose outcome is unknown (Redis did not answer: a timeout, a broken connection)
 * may have taken the lock for an owner token nobody knows. It is cleaned up with that token: the
 * owner-checked release runs once at once and, while Redis still fails, in the background until
 * the lease has passed, on the executor's {@link Housekeeper} (never on a renewal thread). That
 * release also names the token in the releaser key, so a copy of the acquire still on its way
 * takes nothing.
 */
public final class LockCommands {
  /** How long fencing state outlives a lease by default; see {@code RedisLockExecutorBuilder#fenceGrace}. */
  public static final Duration FENCE_GRACE = Duration.ofMinutes(10);
  /**
   * How long a release's owner token stays in the releaser key: longer than a client keeps
   * retrying one command (Jedis: its socket timeout times its attempts, 10 s by default).
   */
  public static final Duration RETRY_MEMORY = Duration.ofMinutes(1);
  /**
   * How long a failed attempt's contention marker lives: longer than a waiter's longest fallback
   * poll ({@link Acquisition#MAX_POLL}), so a waiter that keeps polling keeps it alive.
   */
  public static final Duration CONTENDED_MARKER_TTL = Duration.ofSeconds(2);

  private static final String MARKER_TTL = millis(CONTENDED_MARKER_TTL);
  private static final String MAX_WAITERS = Integer.toString(RemoteWaiters.MAX_WAITERS);

  private static final LuaScript ACQUIRE = LuaScript.load("acquire");
  private static final LuaScript HANDOFF = LuaScript.load("handoff");
  private static final LuaScript RELEASE = LuaScript.load("release");
  private static final LuaScript EXTEND = LuaScript.load("extend");

  /**
   * What an acquire attempt found.
   *
   * @param tokens the fencing tokens, one per lock, or {@code null} when not acquired
   * @param blocked when not acquired, the index of a lock held by someone else
   * @param pttlMillis when not acquired, how much longer that lock is held (negative: unknown)
   * @param entry when not acquired, until when the owner's queue entry lives (server ms), the
   *     entry a release that hands it the lock names; {@link #NOT_QUEUED} when it has none
   */
  record Attempt(long[] tokens, int blocked, long pttlMillis, long entry) {
    /** The {@link #entry} of an attempt that left no queue entry. */
    static final long NOT_QUEUED = -1;

    boolean acquired() {
      return tokens != null;
    }
  }

  /** What a handoff did. */
  enum Handoff { PASSED, RELEASED_FOR_OTHERS, NOT_OWNER }

  /**
   * A handoff's outcome; when {@link Handoff#PASSED}, the new holder's fencing token and how long
   * Redis holds the lock for it from when the script ran (the lease asked for, or less when a
   * re-sent handoff found the new owner holding on a claim); when the lock went to a waiter
   * elsewhere and the handoff queued the new owner, until when that queue entry lives (server ms),
   * else {@link Attempt#NOT_QUEUED}.
   */
  record HandoffResult(Handoff outcome, long token, long entry, Duration held) {}

  /** A script's reply and how many replicas acknowledged its writes (0 when none were asked for). */
  private record Replicated(Object reply, long acknowledged) {}

  private final RedisConnection redis;
  private final boolean cluster;
  private final Duration fenceGrace;
  private final int replicas;
  private final Duration replicaTimeout;
  private final Housekeeper housekeeper;

  /** Commands with the default fence grace and no replica acknowledgement, cleaning up after unknown outcomes only once (tests). */
  public LockCommands(RedisConnection redis) {
    this(redis, FENCE_GRACE, 0, Duration.ZERO, Housekeeper.onceOnly());
  }

  /**
   * @param fenceGrace how long fencing state outlives the lease it was written for, and a release
   * @param replicas how many replicas must acknowledge each acquisition and extension; 0 for none
   * @param replicaTimeout how long to wait for them; zero when none are asked for
   * @param housekeeper where clean-ups after unknown outcomes run
   */
  public LockCommands(RedisConnection redis, Duration fenceGrace, int replicas, Duration replicaTimeout,
      Housekeeper housekeeper) {
    this.redis = redis;
    this.cluster = redis.isCluster();
    this.fenceGrace = fenceGrace;
    this.replicas = replicas;
    this.replicaTimeout = replicaTimeout;
    this.housekeeper = housekeeper;
  }

  /** Whether keys of different slots may live on different nodes: then a script must stay in one slot. */
  public boolean isCluster() {
    return cluster;
  }

  /** How long fencing state outlives the lease it was written for, and a release. */
  public Duration fenceGrace() {
    return fenceGrace;
  }

  /** Whether acquisitions and extensions wait for replicas' acknowledgement (Redis {@code WAIT}). */
  boolean waitsForReplicas() {
    return replicas > 0;
  }

  /**
   * Takes all the locks for {@code owner}, or none; when replicas must acknowledge, waits up to the
   * replica timeout for them, and releases again when fewer did.
   *
   * @throws ReplicationException when taken but acknowledged by fewer replicas (released again)
   * @throws LockException when Redis failed (an unknown outcome is cleaned up, see the class doc)
   */
  Attempt acquire(List<LockNames> locks, String owner, Duration lease) {
    return acquire(locks, owner, lease, RemoteWaiters.Mode.NONE);
  }

  /**
   * As {@link #acquire(List, String, Duration)}, and with {@code queue} other than
   * {@code NONE} (one lock only) a held lock queues {@code owner} for it ({@link RemoteWaiters}).
   */
  Attempt acquire(List<LockNames> locks, String owner, Duration lease, RemoteWaiters.Mode queue) {
    List<String> keys = LockNames.keys(locks);
    List<String> args = List.of(owner, millis(lease), millis(lease.plus(fenceGrace)), MARKER_TTL,
        queue.arg, MAX_WAITERS);
    Replicated replicated;
    try {
      replicated = runReplicated(ACQUIRE, locks, keys, args, replicas, replicaTimeout);
    } catch (RedisClientException e) {
      LockException failure = RedisFailures.translate(locks.get(0).lock(), e);
      if (failure instanceof RedisUnavailableException) {
        cleanUp(locks, owner, lease); // the script may have run, or may run yet
      }
      throw failure;
    }
    List<?> reply = (List<?>) replicated.reply();
    if (number(reply, 0) == 0) {
      return new Attempt(null, (int) number(reply, 1) - 1, number(reply, 2),
          reply.size() > 3 ? number(reply, 3) : Attempt.NOT_QUEUED);
    }
    if (replicated.acknowledged() < replicas) {
      cleanUp(locks, owner, lease);
      throw new ReplicationException("acquisition", locks.get(0).lock(), replicas, replicated.acknowledged(),
          replicaTimeout);
    }
    long[] tokens = new long[locks.size()];
    for (int i = 0; i < tokens.length; i++) {
      tokens[i] = number(reply, i + 1);
    }
    return new Attempt(tokens, -1, 0, Attempt.NOT_QUEUED);
  }

  /**
   * Passes the lock from {@code owner} to {@code newOwner}; with {@code look}, only when nobody
   * waits elsewhere (the first queued waiter of another executor gets it instead, or all of them
   * are told it is released). Without {@code look} the script reads no queue: the executor looks
   * every {@link RemoteWaiters#LOCAL_TURNS} passes. With {@code queue}, a lock that goes to a
   * waiter elsewhere queues {@code newOwner} behind it. When the outcome is unknown, the lock may be
   * {@code newOwner}'s, whom nobody will ever know, or it may queue: it is cleaned up as after an
   * acquire.
   */
  HandoffResult handoff(LockNames lock, String owner, String newOwner, Duration lease, boolean look,
      boolean queue) {
    List<?> reply;
    List<LockNames> locks = List.of(lock);
    try {
      reply = (List<?>) runReplicated(HANDOFF, locks,
          lock.keys(),
          List.of(owner, newOwner, millis(lease), millis(lease.plus(fenceGrace)), lock.channel(), millis(fenceGrace),
              millis(RETRY_MEMORY), look ? "1" : "0", MARKER_TTL, queue ? "1" : "0"), 0, Duration.ZERO).reply();
    } catch (RedisClientException e) {
      LockException failure = RedisFailures.translate(lock.lock(), e);
      if (failure instanceof RedisUnavailableException) {
        cleanUp(locks, newOwner, lease);
      }
      throw failure;
    }
    long outcome = number(reply, 0);
    if (outcome == 1) {
      return new HandoffResult(Handoff.PASSED, number(reply, 1), Attempt.NOT_QUEUED,
          Duration.ofMillis(Math.max(0, number(reply, 2))));
    }
    if (outcome == 0) {
      long entry = reply.size() > 1 ? number(reply, 1) : Attempt.NOT_QUEUED;
      return new HandoffResult(Handoff.RELEASED_FOR_OTHERS, 0, entry, Duration.ZERO);
    }
    return new HandoffResult(Handoff.NOT_OWNER, 0, Attempt.NOT_QUEUED, Duration.ZERO);
  }

  /** Deletes the locks {@code owner} still holds; per lock, whether it did (or an earlier run of this call did). */
  boolean[] release(List<LockNames> locks, String owner) {
    return flags(run(RELEASE, locks, LockNames.keys(locks), releaseArgs(locks, owner, false)));
  }

  /**
   * Sets a new lease on the locks {@code owner} still holds; per lock, whether it did. When replicas
   * must acknowledge, waits up to the replica timeout for them.
   *
   * @throws ReplicationException when a lock was extended but fewer replicas acknowledged
   */
  boolean[] extend(List<LockNames> locks, String owner, Duration lease) {
    List<String> keys = LockNames.leaseKeys(locks);
    Replicated replicated;
    try {
      replicated = runReplicated(EXTEND, locks, keys, List.of(owner, millis(lease), millis(lease.plus(fenceGrace))),
          replicas, replicaTimeout);
    } catch (RedisClientException e) {
      throw RedisFailures.translate(locks.get(0).lock(), e);
    }
    boolean[] held = flags((List<?>) replicated.reply());
    for (int i = 0; i < held.length; i++) {
      if (held[i] && replicated.acknowledged() < replicas) {
        throw new ReplicationException("extension", locks.get(i).lock(), replicas, replicated.acknowledged(),
            replicaTimeout);
      }
    }
    return held;
  }

  /**
   * Cleans up after an acquire (or handoff to {@code owner}) whose outcome is unknown or unwanted,
   * or after a queued waiter gave up: the owner-checked release of {@code owner}'s locks (a lock
   * handed to it meanwhile goes to the next queued waiter), taking {@code owner} out of the locks'
   * queues and marking them released by {@code owner} so that a copy of the acquire still on its
   * way takes nothing. Runs once now and, while Redis fails, on the {@link Housekeeper}'s thread
   * until the lease has passed (then the lock, if it was taken, is gone by itself). Never throws.
   */
  void cleanUp(List<LockNames> locks, String owner, Duration lease) {
    housekeeper.cleanUp(() -> tryCleanUp(locks, owner), lease);
  }

  private boolean tryCleanUp(List<LockNames> locks, String owner) {
    try {
      RELEASE.run(redis, LockNames.keys(locks), releaseArgs(locks, owner, true));
      return true;
    } catch (RedisClientException stillFailing) {
      return false;
    }
  }

  private List<String> releaseArgs(List<LockNames> locks, String owner, boolean cleanUp) {
    List<String> args = new ArrayList<>(locks.size() + 5);
    args.add(owner);
    args.add(millis(fenceGrace));
    args.add(millis(RETRY_MEMORY));
    args.add(cleanUp ? "1" : "0");
    args.add(MARKER_TTL);
    for (LockNames lock : locks) {
      args.add(lock.channel());
    }
    return args;
  }

  private List<?> run(LuaScript script, List<LockNames> locks, List<String> keys, List<String> args) {
    try {
      return (List<?>) script.run(redis, keys, args);
    } catch (RedisClientException e) {
      throw RedisFailures.translate(locks.get(0).lock(), e);
    }
  }

  /**
   * Runs the script and, with {@code replicas} above 0, Redis {@code WAIT} right after it on the
   * same connection ({@link RedisConnection#evalshaAndWait}: WAIT waits for the writes of the
   * connection it is sent on). Without replicas it is the plain script call, one round trip as ever.
   *
   * <p>WAIT blocks the connection up to {@code timeout}: the client's command timeout must be longer.
   */
  private Replicated runReplicated(LuaScript script, List<LockNames> locks, List<String> keys, List<String> args,
      int replicas, Duration timeout) {
    if (replicas == 0) {
      return new Replicated(script.run(redis, keys, args), 0);
    }
    ReplicatedReply replicated = redis.evalshaAndWait(script.sha1(), script.source(), keys, args, replicas, timeout);
    return new Replicated(replicated.reply(), replicated.acknowledged());
  }

  private static boolean[] flags(List<?> reply) {
    boolean[] flags = new boolean[reply.size()];
    for (int i = 0; i < flags.length; i++) {
      flags[i] = number(reply, i) == 1;
    }
    return flags;
  }

  private static long number(List<?> reply, int index) {
    return (Long) reply.get(index);
  }

  private static String millis(Duration duration) {
    return Long.toString(duration.toMillis());
  }
}
