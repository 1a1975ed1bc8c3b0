package dev.lockkey.redis.idempotency;

import dev.lockkey.redis.Servers;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/** {@link IdempotentCallsContract} on one Redis node. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class IdempotentCallsOnSingleNodeTest extends IdempotentCallsContract {
  @Override
  Servers newServers() {
    return Servers.onSingleNode(2);
  }
}
