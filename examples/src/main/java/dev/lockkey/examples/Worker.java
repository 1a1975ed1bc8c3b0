package dev.lockkey.examples;

import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.JedisConnection;
import redis.clients.jedis.RedisClient;

/**
 * One application server of the demo: its own Redis client and its own lock executor, as a
 * separate process would have. Workers share nothing but Redis.
 *
 * @param name how the demo calls it, e.g. {@code worker-3}
 * @param client its Redis client
 * @param locks its lock executor
 */
record Worker(String name, RedisClient client, RedisLockExecutor locks) implements AutoCloseable {
  /** A worker with a new client and executor; the caller closes it. */
  static Worker start(String name, DemoRedis redis) {
    RedisClient client = redis.newClient();
    return new Worker(name, client, RedisLockExecutor.create(JedisConnection.of(client), redis.keyspace()));
  }

  /** Closes the executor, then the client. */
  @Override
  public void close() {
    locks.close();
    client.close();
  }
}
