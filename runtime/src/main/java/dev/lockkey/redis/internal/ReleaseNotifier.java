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
import redis.clients.jedis.JedisPubSub;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The one pub/sub connection of an executor: subscribes to the release channels of the locks its
 * threads wait for and wakes those threads when a release is published. Started on first use; it
 * holds one connection of the client's pool while it runs.
 *
 * <p>When the connection breaks (e.g. Redis restarts) every waiter is woken to poll, and the
 * subscriber reconnects with backoff and subscribes again to every channel still watched; the
 * confirmations wake the waiters once more, so a release during the outage is not missed. Channels
 * nobody watched for a while are unsubscribed. In Redis Cluster a classic PUBLISH reaches every
 * node, so this connection may be to any node (SPUBLISH, which stays in the slot's shard, needs
 * Redis 7).
 */
public final class ReleaseNotifier extends JedisPubSub implements AutoCloseable {
  /** Always subscribed, so the connection stays in subscriber mode when no lock is watched. */
  private static final String ANCHOR = "lockkey:subscriber";
  private static final Duration IDLE_CHANNEL = Duration.ofSeconds(10);
  private static final Duration MAX_BACKOFF = Duration.ofSeconds(1);

  /** A release channel and the threads waiting on it. */
  static final class Channel {
    private final String name;
    private final Set<Wakeup> wakeups = ConcurrentHashMap.newKeySet();
    private volatile boolean confirmed;
    private volatile long idleSinceNanos = System.nanoTime();
    private long subscribedOnConnection; // guarded by the subscriber's lock

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

  private final UnifiedJedis jedis;
  private final ScheduledExecutorService scheduler;
  private final ConcurrentHashMap<String, Channel> channels = new ConcurrentHashMap<>();
  /** Serialises writes on the connection and the connection state below. */
  private final ReentrantLock lock = new ReentrantLock();
  private long connection;
  private boolean connected;
  private Thread thread;
  private volatile boolean closed;

  public ReleaseNotifier(UnifiedJedis jedis, ScheduledExecutorService scheduler) {
    this.jedis = jedis;
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
      } else if (connected && channel.subscribedOnConnection != connection) {
        send(() -> subscribe(channelName));
        channel.subscribedOnConnection = connection;
      }
      return channel;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Whether releases can be heard now: idle (nobody waited yet, so not started) or subscribed on a
   * live connection. {@code false} while reconnecting and once closed.
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

  private void start() {
    thread = new Thread(this::run, "lockkey-release-subscriber");
    thread.setDaemon(true);
    thread.start();
    long idle = IDLE_CHANNEL.toMillis();
    scheduler.scheduleWithFixedDelay(this::dropIdleChannels, idle, idle, TimeUnit.MILLISECONDS);
  }

  private void run() {
    long backoffMillis = 50;
    while (!closed) {
      List<String> names = new ArrayList<>();
      names.add(ANCHOR);
      lock.lock();
      try {
        connection++;
        for (Channel channel : channels.values()) {
          names.add(channel.name);
          channel.subscribedOnConnection = connection;
        }
      } finally {
        lock.unlock();
      }
      try {
        jedis.subscribe(this, names.toArray(String[]::new)); // returns when closed
        backoffMillis = 50;
      } catch (JedisException | IllegalStateException e) {
        // Redis unreachable or the connection broke: waiters poll meanwhile; try again below
      }
      disconnected();
      if (!closed) {
        LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(backoffMillis));
        backoffMillis = Math.min(backoffMillis * 2, MAX_BACKOFF.toMillis());
      }
    }
  }

  private void disconnected() {
    lock.lock();
    try {
      connected = false;
    } finally {
      lock.unlock();
    }
    for (Channel channel : channels.values()) {
      channel.confirmed = false;
      channel.wakeAll(); // a release may go unheard until we are back: poll now
    }
  }

  @Override
  public void onSubscribe(String channelName, int subscribedChannels) {
    if (ANCHOR.equals(channelName)) {
      lock.lock();
      try {
        if (closed) { // closed while we connected
          send(this::unsubscribe);
          return;
        }
        connected = true;
        for (Channel channel : channels.values()) { // watched while we were connecting
          if (channel.subscribedOnConnection != connection) {
            send(() -> subscribe(channel.name));
            channel.subscribedOnConnection = connection;
          }
        }
      } finally {
        lock.unlock();
      }
      return;
    }
    Channel channel = channels.get(channelName);
    if (channel != null) {
      channel.confirmed = true;
      channel.wakeAll(); // retry now: a release before the subscription took effect went unheard
    }
  }

  @Override
  public void onUnsubscribe(String channelName, int subscribedChannels) {
    if (subscribedChannels == 0) { // closing: Jedis hands the connection back to the pool next
      lock.lock();
      try {
        connected = false;
      } finally {
        lock.unlock();
      }
    }
  }

  @Override
  public void onMessage(String channelName, String message) {
    Channel channel = channels.get(channelName);
    if (channel != null) {
      channel.wakeAll();
    }
  }

  private void dropIdleChannels() {
    lock.lock();
    try {
      long now = System.nanoTime();
      for (Channel channel : channels.values()) {
        if (channel.wakeups.isEmpty() && now - channel.idleSinceNanos > IDLE_CHANNEL.toNanos()) {
          channels.remove(channel.name);
          if (connected && channel.subscribedOnConnection == connection) {
            send(() -> unsubscribe(channel.name));
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
    } catch (JedisException | IllegalStateException brokenConnection) {
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
        send(this::unsubscribe);
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
