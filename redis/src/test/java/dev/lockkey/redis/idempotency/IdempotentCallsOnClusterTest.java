package dev.lockkey.redis.idempotency;

import dev.lockkey.redis.Servers;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/** {@link IdempotentCallsContract} on the three-master Redis Cluster: every key of a call in one slot. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class IdempotentCallsOnClusterTest extends IdempotentCallsContract {
  @Override
  Servers newServers() {
    return Servers.onCluster(2);
  }
}
