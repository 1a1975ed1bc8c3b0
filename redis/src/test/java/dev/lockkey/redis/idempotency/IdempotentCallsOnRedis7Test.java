package dev.lockkey.redis.idempotency;

import dev.lockkey.redis.Redis7;
import dev.lockkey.redis.Servers;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/** {@link IdempotentCallsContract}: the idempotent calls on Redis 7 (Debian's package); skipped where it is not installed. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class IdempotentCallsOnRedis7Test extends IdempotentCallsContract {
  @Override
  Servers newServers() {
    return Servers.onSingleNode(Redis7.shared(), 2);
  }
}
