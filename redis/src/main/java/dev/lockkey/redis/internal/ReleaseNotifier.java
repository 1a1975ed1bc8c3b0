package dev.lockkey.redis.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import dev.lockkey.redis.connection.PubSubListener;
import dev.lockkey.redis.connection.RedisClientException;
import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.redis.connection.SubscriberConnection;

/**
 * The one pub/sub connection of an executor: subscribes to the release channels of the locks its
 * threads wait for and wakes those threads when a release is published: the waiter a release
 * handed the lock to, or all of them ({@link RemoteWaiters}). Started on first use; it
 * holds one subscriber connection of the client ({@link RedisConnection#subscriber}) while it runs.
 *
 * <p>When the connection breaks (e.g. Redis restarts) every waiter is woken to poll, and the
 * subscriber reconnects with backoff and subscribes again to every channel still watched; the
 * confirmations wake the waiters once more, so a release during the outage is not missed. A
 * connection that silently stopped delivering (a black-holed network path, a NAT that forgot it, a
 * frozen server) raises no error: every {@link #PROBE_INTERVAL} the subscriber asks Redis to
 * confirm a subscription again, and one unanswered for {@link #PROBE_TIMEOUT} counts as broken.
 * Channels nobody watched for a while are unsubscribed. In Redis Cluster a classic PUBLISH reaches
 * every node, so this connection may be to any node (SPUBLISH, which stays in the slot's shard,
 * needs Redis 7).
 */
public final class ReleaseNotifier implements AutoCloseable {
  /** Always subscribed, so the connection stays in subscriber mode when no lock is watched. */
  private static final String ANCHOR = "lockkey:subscriber";
  private static final Duration IDLE_CHANNEL = Duration.ofSeconds(10);
  private static final Duration MAX_BACKOFF = Duration.ofSeconds(1);
  /** How often a live connection is probed. */
  static final Duration PROBE_INTERVAL = Duration.ofSeconds(1);
  /** How long a probe may stay unanswered before the connection counts as dead. */
  static final Duration PROBE_TIMEOUT = Duration.ofSeconds(3);

  /** A release channel and the threads waiting on it. */
  static final class Channel {
    private final String name;
    private final Set<Wakeup> wakeups = ConcurrentHashMap.newKeySet();
    private volatile boolean confirmed;
    private volatile long idleSinceNanos = System.nanoTime();
    private Subscription subscribedOn; // guarded by the notifier's lock

    private Channel(String name) {
      this.name = name;
    }

    /** Whether Redis confirmed the subscription on the current connection. */
    boolean confirmed() {
      return confirmed;
    }

    private void wakeAll() {
      wakeups.forEach(Wakeup::wake);
    }
  }

  /**
   * The subscription on one connection. Once given up, its thread may stay blocked on the dead
   * connection (Jedis offers no way to close it from outside) until the operating system or the
   * returning path ends it: it has been asked to unsubscribe, and its confirmations are ignored.
   */
  private final class Subscription implements PubSubListener {
    private final SubscriberConnection connection = redis.subscriber(this);
    private boolean probing; // guarded by the notifier's lock
    private long probeSentNanos;

    void subscribe(String channelName) {
      connection.subscribe(channelName);
    }

    void unsubscribe(String channelName) {
      connection.unsubscribe(channelName);
    }

    void unsubscribe() {
      connection.unsubscribeAll();
    }

    @Override
    public void onSubscribe(String channelName, int subscribedChannels) {
      subscribed(this, channelName);
    }

    @Override
    public void onUnsubscribe(String channelName, int subscribedChannels) {
      if (subscribedChannels == 0) { // closing: the client frees the connection next
        lost(this);
      }
    }

    @Override
    public void onMessage(String channelName, String message) {
      Channel channel = channels.get(channelName);
      if (channel != null) { // also from a given-up connection: the release happened all the same
        channel.wakeups.forEach(wakeup -> wakeup.wakeIfFor(message));
      }
    }
  }

  private final RedisConnection redis;
  private final ScheduledExecutorService scheduler;
  private final ConcurrentHashMap<String, Channel> channels = new ConcurrentHashMap<>();
  /** Serialises writes on the connection and the state below. */
  private final ReentrantLock lock = new ReentrantLock();
  private Subscription current;
  private boolean connected;
  private Thread thread;
  private volatile boolean closed;

  public ReleaseNotifier(RedisConnection redis, ScheduledExecutorService scheduler) {
    this.redis = redis;
    this.scheduler = scheduler;
  }

  /** Subscribes (if not yet) to {@code channel} and wakes {@code wakeup} on each release published there. */
  Channel watch(String channelName, Wakeup wakeup) {
    lock.lock();
    try {
      Channel channel = channels.computeIfAbsent(channelName, Channel::new);
      channel.wakeups.add(wakeup);
      if (closed) {
        return channel;
      }
      if (thread == null) {
        start();
      } else if (connected && channel.subscribedOn != current) {
        Subscription subscription = current;
        send(() -> subscription.subscribe(channelName));
        channel.subscribedOn = subscription;
      }
      return channel;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Watches {@code channelName} for {@code wakeup} when it is subscribed and confirmed already, so
   * that a release published from now on wakes it (or, should the connection break, the loss does).
   *
   * @return the channel, or {@code null} when not confirmed (nothing changed: watch it with {@link #watch})
   */
  Channel watchIfHeard(String channelName, Wakeup wakeup) {
    lock.lock();
    try {
      Channel channel = channels.get(channelName);
      if (channel == null || !channel.confirmed || closed) {
        return null;
      }
      channel.wakeups.add(wakeup); // under the lock: the idle sweep cannot drop the channel meanwhile
      return channel;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Whether releases can be heard now: idle (nobody waited yet, so not started) or subscribed on a
   * connection that answers. {@code false} from a broken or silent connection until a new one is
   * subscribed, and once closed.
   */
  public boolean isHealthy() {
    lock.lock();
    try {
      return !closed && (thread == null || connected);
    } finally {
      lock.unlock();
    }
  }

  /** Stops waking {@code wakeup}; the subscription is dropped once the channel was idle a while. */
  void unwatch(Channel channel, Wakeup wakeup) {
    channel.wakeups.remove(wakeup);
    channel.idleSinceNanos = System.nanoTime();
  }

  /** Starts the subscriber and its housekeeping; the caller holds the lock. */
  private void start() {
    startSubscriber();
    long idle = IDLE_CHANNEL.toMillis();
    scheduler.scheduleWithFixedDelay(this::dropIdleChannels, idle, idle, TimeUnit.MILLISECONDS);
    long probe = PROBE_INTERVAL.toMillis();
    scheduler.scheduleWithFixedDelay(this::probe, probe, probe, TimeUnit.MILLISECONDS);
  }

  /** Starts a subscriber thread, which replaces the one before; the caller holds the lock. */
  private void startSubscriber() {
    thread = new Thread(this::run, "lockkey-release-subscriber");
    thread.setDaemon(true);
    thread.start();
  }

  private void run() {
    long backoffMillis = 50;
    while (!closed) {
      Subscription subscription = new Subscription();
      List<String> names = new ArrayList<>();
      names.add(ANCHOR);
      lock.lock();
      try {
        if (thread != Thread.currentThread()) {
          return; // only the latest subscriber thread subscribes
        }
        current = subscription;
        for (Channel channel : channels.values()) {
          names.add(channel.name);
          channel.subscribedOn = subscription;
        }
      } finally {
        lock.unlock();
      }
      try {
        subscription.connection.run(names.toArray(String[]::new)); // returns when unsubscribed
        backoffMillis = 50;
      } catch (RedisClientException | IllegalStateException e) {
        // Redis unreachable or the connection broke: waiters poll meanwhile; try again below
      }
      if (!lost(subscription)) {
        return; // given up as silent: another thread subscribes already
      }
      if (!closed) {
        LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(backoffMillis));
        backoffMillis = Math.min(backoffMillis * 2, MAX_BACKOFF.toMillis());
      }
    }
  }

  /**
   * The subscription's connection ended or was given up: every waiter polls now, as a release may
   * go unheard until a new connection is subscribed.
   *
   * @return false when {@code subscription} was no longer the current one (nothing to do)
   */
  private boolean lost(Subscription subscription) {
    lock.lock();
    try {
      if (current != subscription) {
        return false;
      }
      forgetCurrent();
      return true;
    } finally {
      lock.unlock();
    }
  }

  /** No connection subscribes now: waiters poll until a new one confirms; the caller holds the lock. */
  private void forgetCurrent() {
    current = null;
    connected = false;
    for (Channel channel : channels.values()) {
      channel.confirmed = false;
      channel.wakeAll();
    }
  }

  private void subscribed(Subscription subscription, String channelName) {
    lock.lock();
    try {
      if (current != subscription) {
        return; // a given-up connection answering late
      }
      if (!ANCHOR.equals(channelName)) {
        Channel channel = channels.get(channelName);
        if (channel != null) {
          channel.confirmed = true;
          channel.wakeAll(); // retry now: a release before the subscription took effect went unheard
        }
        return;
      }
      subscription.probing = false; // the first confirmation, or the answer to a probe
      if (closed) { // closed while we connected
        send(subscription::unsubscribe);
        return;
      }
      if (!connected) {
        connected = true;
        for (Channel channel : channels.values()) { // watched while we were connecting
          if (channel.subscribedOn != subscription) {
            send(() -> subscription.subscribe(channel.name));
            channel.subscribedOn = subscription;
          }
        }
      }
    } finally {
      lock.unlock();
    }
  }

  /**
   * Asks the live connection to confirm the anchor again, or gives it up when the last such probe
   * went unanswered for {@link #PROBE_TIMEOUT}: the subscriber then starts over on a new connection.
   * A SUBSCRIBE of a channel subscribed already is answered with a confirmation and changes
   * nothing; Jedis' {@code JedisPubSub.ping()} would do too, but under RESP2 leaves an entry in a
   * queue of Jedis' for every ping.
   */
  private void probe() {
    Subscription silent;
    lock.lock();
    try {
      if (closed || !connected) {
        return;
      }
      Subscription subscription = current;
      long now = System.nanoTime();
      if (!subscription.probing) {
        subscription.probing = true;
        subscription.probeSentNanos = now;
        send(() -> subscription.subscribe(ANCHOR));
        return;
      }
      if (now - subscription.probeSentNanos < PROBE_TIMEOUT.toNanos()) {
        return;
      }
      silent = subscription;
      forgetCurrent();
      startSubscriber();
    } finally {
      lock.unlock();
    }
    send(silent::unsubscribe); // should the path come back, its thread then ends and frees the connection
  }

  private void dropIdleChannels() {
    lock.lock();
    try {
      long now = System.nanoTime();
      for (Channel channel : channels.values()) {
        if (channel.wakeups.isEmpty() && now - channel.idleSinceNanos > IDLE_CHANNEL.toNanos()) {
          channels.remove(channel.name);
          if (connected && channel.subscribedOn == current) {
            Subscription subscription = current;
            send(() -> subscription.unsubscribe(channel.name));
          }
        }
      }
    } finally {
      lock.unlock();
    }
  }

  /** Writes on the connection; a broken one is noticed and replaced by the subscriber thread. */
  private static void send(Runnable command) {
    try {
      command.run();
    } catch (RedisClientException | IllegalStateException brokenConnection) {
      // the subscriber thread sees the failure too, reconnects and subscribes to every channel again
    }
  }

  /**
   * Unsubscribes and stops the subscriber thread (waiting at most a second for it). The thread is
   * never interrupted: Jedis would then stop reading early and hand a connection with unread
   * replies back to the pool.
   */
  @Override
  public void close() {
    Thread running;
    lock.lock();
    try {
      closed = true;
      if (connected) {
        send(current::unsubscribe);
      }
      running = thread;
    } finally {
      lock.unlock();
    }
    if (running != null) {
      LockSupport.unpark(running); // ends a backoff pause
      try {
        running.join(MAX_BACKOFF.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
