package dev.lockkey.redis;

/**
 * Whether Redis may evict lock keys when its memory is full, as a {@link RedisLockExecutor} found
 * when it started ({@link ExecutorStats#evictionPolicySafe()}). An evicted lock is free for another
 * client while its holder still works, so only {@code maxmemory-policy noeviction}, or no memory
 * limit ({@code maxmemory 0}), is safe: locks carry a TTL, so every {@code volatile-*} policy can
 * evict them too.
 */
public enum EvictionSafety {
  /** Every node checked evicts nothing: {@code noeviction}, or {@code maxmemory 0}. */
  SAFE,
  /** A node may evict keys: the executor warned through its log and its listener. */
  UNSAFE,
  /**
   * Not known (yet): the check has not finished, CONFIG is not permitted (ACL, a managed Redis that
   * renames it) or a node did not answer.
   */
  UNKNOWN
}
