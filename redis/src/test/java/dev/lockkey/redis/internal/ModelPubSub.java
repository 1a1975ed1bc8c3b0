package dev.lockkey.redis.internal;

import dev.lockkey.redis.connection.PubSubListener;
import dev.lockkey.redis.connection.RedisClientException;
import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.redis.connection.RedisNode;
import dev.lockkey.redis.connection.ReplicatedReply;
import dev.lockkey.redis.connection.SubscriberConnection;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Redis pub/sub for the model checks, in memory and deterministic: the subscriber connections of a
 * {@link RedisConnection} (nothing else of it), which, like Jedis', tell their listener every
 * confirmation and message on the thread that runs them, in the order the server sent them. The
 * network is a method: {@link #drop} breaks the live connections (their {@code run} throws), and a
 * {@link #publish} reaches only the connections live and subscribed at that moment. Thread-safe
 * (one monitor, whose {@code wait}/{@code notifyAll} Lincheck models).
 */
final class ModelPubSub implements RedisConnection {
  private final Set<Connection> live = new HashSet<>();

  /** Publishes {@code message} on {@code channel} to the connections live and subscribed now. */
  synchronized void publish(String channel, String message) {
    for (Connection connection : live) {
      if (connection.channels.contains(channel)) {
        connection.events.add(() -> connection.listener.onMessage(channel, message));
      }
    }
    notifyAll();
  }

  /** Breaks every live connection: what was not delivered yet is lost. */
  synchronized void drop() {
    for (Connection connection : live) {
      connection.broken = true;
      connection.events.clear();
    }
    live.clear();
    notifyAll();
  }

  @Override
  public SubscriberConnection subscriber(PubSubListener listener) {
    return new Connection(listener);
  }

  private void waitForChange() {
    try {
      wait();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** One subscriber connection: its events wait here until the thread running it delivers them. */
  private final class Connection implements SubscriberConnection {
    private final PubSubListener listener;
    private final Set<String> channels = new HashSet<>();
    private final ArrayDeque<Runnable> events = new ArrayDeque<>();
    private boolean running;
    private boolean broken;

    Connection(PubSubListener listener) {
      this.listener = listener;
    }

    @Override
    public void run(String... first) {
      synchronized (ModelPubSub.this) {
        running = true;
        live.add(this);
        confirm(first);
      }
      try {
        while (true) {
          Runnable event;
          synchronized (ModelPubSub.this) {
            while (events.isEmpty() && !broken && !(channels.isEmpty())) {
              waitForChange();
            }
            if (broken) {
              throw new RedisClientException(true, new IllegalStateException("connection dropped"));
            }
            if (events.isEmpty()) {
              live.remove(this);
              return; // unsubscribed from every channel
            }
            event = events.poll();
          }
          event.run(); // outside the monitor, as a client's reader thread calls its listener
        }
      } finally {
        synchronized (ModelPubSub.this) {
          running = false;
        }
      }
    }

    @Override
    public void subscribe(String... names) {
      synchronized (ModelPubSub.this) {
        checkConnected();
        confirm(names);
      }
    }

    @Override
    public void unsubscribe(String... names) {
      synchronized (ModelPubSub.this) {
        checkConnected();
        for (String name : names) {
          channels.remove(name);
          int left = channels.size();
          events.add(() -> listener.onUnsubscribe(name, left));
        }
        ModelPubSub.this.notifyAll();
      }
    }

    @Override
    public void unsubscribeAll() {
      synchronized (ModelPubSub.this) {
        unsubscribe(channels.toArray(String[]::new));
      }
    }

    private void confirm(String... names) {
      for (String name : names) {
        channels.add(name);
        int count = channels.size();
        events.add(() -> listener.onSubscribe(name, count));
      }
      ModelPubSub.this.notifyAll();
    }

    private void checkConnected() {
      if (broken) {
        throw new RedisClientException(true, new IllegalStateException("connection dropped"));
      }
      if (!running) {
        throw new IllegalStateException("not connected");
      }
    }
  }

  @Override
  public boolean isCluster() {
    return false;
  }

  @Override
  public Object evalsha(String sha1, String source, List<String> keys, List<String> args) {
    throw new UnsupportedOperationException("pub/sub only");
  }

  @Override
  public Object evalshaBinary(String sha1, String source, List<byte[]> keys, List<byte[]> args) {
    throw new UnsupportedOperationException("pub/sub only");
  }

  @Override
  public ReplicatedReply evalshaAndWait(String sha1, String source, List<String> keys, List<String> args,
      int replicas, Duration timeout) {
    throw new UnsupportedOperationException("pub/sub only");
  }

  @Override
  public String ping() {
    throw new UnsupportedOperationException("pub/sub only");
  }

  @Override
  public byte[] get(byte[] key) {
    throw new UnsupportedOperationException("pub/sub only");
  }

  @Override
  public List<RedisNode> nodes() {
    throw new UnsupportedOperationException("pub/sub only");
  }
}
