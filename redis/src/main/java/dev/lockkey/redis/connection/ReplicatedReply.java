package dev.lockkey.redis.connection;

/**
 * A script's reply and how many replicas acknowledged its writes ({@link RedisConnection#evalshaAndWait}).
 *
 * @param reply the script's reply, decoded as {@link RedisConnection#evalsha} decodes it
 * @param acknowledged how many replicas acknowledged within the timeout
 */
public record ReplicatedReply(Object reply, long acknowledged) {}
