package dev.lockkey.redis.connection;

import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisCommandInterruptedException;
import io.lettuce.core.RedisConnectionException;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.RedisException;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * A subscriber connection on Lettuce: a pub/sub connection of its own, whose messages arrive on
 * Lettuce's I/O thread while {@link #run} waits for its end. Lettuce would reconnect it and
 * subscribe again by itself, silently: the port promises that a broken connection ends
 * {@link #run} instead (its owner then wakes its waiters), so the first disconnection closes it.
 */
final class LettuceSubscriber implements SubscriberConnection {
  /** How often {@link #run} looks whether the connection is still open, besides Lettuce's disconnection event. */
  private static final long CHECK_MILLIS = 100;

  private final Supplier<StatefulRedisPubSubConnection<String, String>> connector;
  private final PubSubListener listener;
  private final CompletableFuture<Void> ended = new CompletableFuture<>();
  private volatile StatefulRedisPubSubConnection<String, String> connection;

  LettuceSubscriber(Supplier<StatefulRedisPubSubConnection<String, String>> connector, PubSubListener listener) {
    this.connector = connector;
    this.listener = listener;
  }

  @Override
  public void run(String... channels) {
    StatefulRedisPubSubConnection<String, String> opened;
    try {
      opened = connector.get();
    } catch (RedisException e) {
      throw LettuceConnection.failure(e);
    }
    opened.addListener(new RedisPubSubAdapter<>() {
      @Override
      public void subscribed(String channel, long count) {
        listener.onSubscribe(channel, (int) count);
      }

      @Override
      public void unsubscribed(String channel, long count) {
        listener.onUnsubscribe(channel, (int) count);
        if (count == 0) {
          ended.complete(null);
        }
      }

      @Override
      public void message(String channel, String message) {
        listener.onMessage(channel, message);
      }
    });
    if (opened instanceof RedisChannelHandler<?, ?> handler) {
      handler.addListener(new RedisConnectionStateListener() {
        @Override
        public void onRedisDisconnected(RedisChannelHandler<?, ?> disconnected) {
          ended.completeExceptionally(new RedisConnectionException("the subscriber connection broke"));
        }
      });
    }
    connection = opened;
    try {
      opened.async().subscribe(channels);
      while (true) {
        try {
          ended.get(CHECK_MILLIS, TimeUnit.MILLISECONDS);
          return;
        } catch (TimeoutException stillRunning) {
          if (!opened.isOpen()) {
            throw LettuceConnection.failure(new RedisConnectionException("the subscriber connection broke"));
          }
        } catch (ExecutionException broken) {
          throw LettuceConnection.failure((RedisException) broken.getCause());
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw LettuceConnection.failure(new RedisCommandInterruptedException(e));
        }
      }
    } finally {
      connection = null;
      opened.closeAsync(); // no reconnection: the owner starts a new subscriber
    }
  }

  @Override
  public void subscribe(String... channels) {
    connected().async().subscribe(channels);
  }

  @Override
  public void unsubscribe(String... channels) {
    connected().async().unsubscribe(channels);
  }

  @Override
  public void unsubscribeAll() {
    connected().async().unsubscribe();
  }

  private StatefulRedisPubSubConnection<String, String> connected() {
    StatefulRedisPubSubConnection<String, String> current = connection;
    if (current == null) {
      throw new IllegalStateException("the subscriber is not connected");
    }
    return current;
  }
}
