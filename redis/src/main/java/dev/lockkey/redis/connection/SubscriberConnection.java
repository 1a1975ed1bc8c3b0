package dev.lockkey.redis.connection;

/**
 * One subscriber connection of its own (not one of the commands' pool or shared connection),
 * from {@link RedisConnection#subscriber}. It is run once by one thread; the subscribe and
 * unsubscribe methods may be called from any thread while it runs. It never reconnects by itself:
 * when it breaks, {@link #run} throws, and the caller decides when to start a new one (after the
 * waiters it serves were told), so no message goes unheard without the caller knowing.
 */
public interface SubscriberConnection {
  /**
   * Connects, subscribes to {@code channels} and tells the listener, until the connection is
   * unsubscribed from every channel (then returns) or breaks (then throws).
   *
   * @param channels the first channels, at least one
   * @throws RedisClientException when Redis could not be reached or the connection broke
   */
  void run(String... channels);

  /**
   * Sends {@code SUBSCRIBE}; Redis confirms each channel, also one subscribed already.
   *
   * @param channels the channels, at least one
   * @throws RedisClientException when the connection is broken
   * @throws IllegalStateException when it is not connected (yet, or any more)
   */
  void subscribe(String... channels);

  /**
   * Sends {@code UNSUBSCRIBE} for {@code channels}.
   *
   * @param channels the channels, at least one
   * @throws RedisClientException when the connection is broken
   * @throws IllegalStateException when it is not connected (yet, or any more)
   */
  void unsubscribe(String... channels);

  /**
   * Sends {@code UNSUBSCRIBE} for every channel: once confirmed, {@link #run} returns.
   *
   * @throws RedisClientException when the connection is broken
   * @throws IllegalStateException when it is not connected (yet, or any more)
   */
  void unsubscribeAll();
}
