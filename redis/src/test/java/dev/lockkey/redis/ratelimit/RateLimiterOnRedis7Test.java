package dev.lockkey.redis.ratelimit;

import dev.lockkey.redis.Redis7;
import dev.lockkey.redis.Servers;

/** {@link RateLimiterTest}: the rate limits on Redis 7 (Debian's package); skipped where it is not installed. */
class RateLimiterOnRedis7Test extends RateLimiterTest {
  @Override
  Servers newServers() {
    return Servers.onSingleNode(Redis7.shared(), 2);
  }
}
