/**
 * The connection port: the few Redis operations that {@code RedisLockExecutor} and the Redis
 * purposes need ({@link dev.lockkey.redis.connection.RedisConnection}), and its adapters to the
 * Redis clients: {@link dev.lockkey.redis.connection.JedisConnection} (Jedis 6.0 to 8, the
 * default dependency) and {@code dev.lockkey.redis.connection.LettuceConnection} (Lettuce 6 and 7,
 * optional; a Lettuce application excludes Jedis). Every entry point of the executor and the purposes
 * takes a {@code RedisConnection}, one per client: {@code JedisConnection.of(jedis)},
 * {@code LettuceConnection.of(client)}. The
 * Spring Boot starter adds one on Spring Data Redis' {@code RedisConnectionFactory}.
 *
 * <p>Only the adapters name a client's types: the executor, its scripts and the purposes see the
 * port alone, so one scripted protocol runs on every client, and an application keeps one client
 * library and one pool.
 */
package dev.lockkey.redis.connection;
