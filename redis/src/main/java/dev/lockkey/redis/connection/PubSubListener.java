package dev.lockkey.redis.connection;

/**
 * Hears a {@link SubscriberConnection}: its confirmations and messages, on the connection's own
 * thread (the one in {@link SubscriberConnection#run}, or the client's I/O thread), so it must not block.
 */
public interface PubSubListener {
  /**
   * Redis confirmed a subscription, also one repeated for a channel subscribed already.
   *
   * @param channel the channel
   * @param subscribedChannels how many channels the connection is subscribed to now
   */
  void onSubscribe(String channel, int subscribedChannels);

  /**
   * Redis confirmed an unsubscription; at 0 channels the connection ends.
   *
   * @param channel the channel
   * @param subscribedChannels how many channels the connection is subscribed to now
   */
  void onUnsubscribe(String channel, int subscribedChannels);

  /**
   * A message was published on a subscribed channel.
   *
   * @param channel the channel
   * @param message the message
   */
  void onMessage(String channel, String message);
}
