package dev.lockkey.redis.dedupe;

import dev.lockkey.redis.Redis7;
import dev.lockkey.redis.Servers;

/** {@link DeduplicatorTest}: first-seen marks on Redis 7 (Debian's package); skipped where it is not installed. */
class DeduplicatorOnRedis7Test extends DeduplicatorTest {
  @Override
  Servers newServers() {
    return Servers.onSingleNode(Redis7.shared(), 2);
  }
}
