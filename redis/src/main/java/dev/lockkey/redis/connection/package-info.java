/**
 * The connection port: the few Redis operations that {@code RedisLockExecutor} and the Redis
 * purposes need ({@link dev.lockkey.redis.connection.RedisConnection}), and its adapters to the
 * Redis clients: {@link dev.lockkey.redis.connection.JedisConnection} (Jedis 6.0 to 8, the
 * default, which every {@code UnifiedJedis}-taking entry point uses) and
 * {@code dev.lockkey.redis.connection.LettuceConnection} (Lettuce 6, an optional dependency). The
 * Spring Boot starter adds one on Spring Data Redis' {@code RedisConnectionFactory}.
 *
 * <p>Only the adapters name a client's types: the executor, its scripts and the purposes see the
 * port alone, so one scripted protocol runs on every client, and an application keeps one client
 * library and one pool.
 */
package dev.lockkey.redis.connection;
