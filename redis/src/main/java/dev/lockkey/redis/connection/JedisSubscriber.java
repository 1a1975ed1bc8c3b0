package dev.lockkey.redis.connection;

import redis.clients.jedis.JedisPubSub;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * A subscriber connection on Jedis: {@code UnifiedJedis.subscribe} on the running thread, which
 * holds one pooled connection until unsubscribed. Jedis offers no way to close that connection
 * from outside: one given up as silent stays blocked until the operating system or the returning
 * path ends it.
 */
final class JedisSubscriber implements SubscriberConnection {
  private final UnifiedJedis jedis;
  private final JedisPubSub pubSub;

  JedisSubscriber(UnifiedJedis jedis, PubSubListener listener) {
    this.jedis = jedis;
    this.pubSub = new JedisPubSub() {
      @Override
      public void onSubscribe(String channel, int subscribedChannels) {
        listener.onSubscribe(channel, subscribedChannels);
      }

      @Override
      public void onUnsubscribe(String channel, int subscribedChannels) {
        listener.onUnsubscribe(channel, subscribedChannels);
      }

      @Override
      public void onMessage(String channel, String message) {
        listener.onMessage(channel, message);
      }
    };
  }

  @Override
  public void run(String... channels) {
    try {
      jedis.subscribe(pubSub, channels); // returns when unsubscribed
    } catch (JedisException e) {
      throw JedisConnection.failure(e);
    }
  }

  @Override
  public void subscribe(String... channels) {
    try {
      pubSub.subscribe(channels);
    } catch (JedisException e) {
      throw JedisConnection.failure(e);
    }
  }

  @Override
  public void unsubscribe(String... channels) {
    try {
      pubSub.unsubscribe(channels);
    } catch (JedisException e) {
      throw JedisConnection.failure(e);
    }
  }

  @Override
  public void unsubscribeAll() {
    try {
      pubSub.unsubscribe();
    } catch (JedisException e) {
      throw JedisConnection.failure(e);
    }
  }
}
