package dev.lockkey.redis.flight;

import dev.lockkey.redis.Redis7;
import dev.lockkey.redis.Servers;

/** {@link SingleFlightTest}: the single flights on Redis 7 (Debian's package); skipped where it is not installed. */
class SingleFlightOnRedis7Test extends SingleFlightTest {
  @Override
  Servers newServers() {
    return Servers.onSingleNode(Redis7.shared(), SERVERS);
  }
}
