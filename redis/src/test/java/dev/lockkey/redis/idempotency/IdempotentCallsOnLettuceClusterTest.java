package dev.lockkey.redis.idempotency;

import dev.lockkey.redis.Servers;
import dev.lockkey.redis.lettuce.LettuceClients;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/** {@link IdempotentCallsContract} on the three-master cluster, each server on the Lettuce adapter. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class IdempotentCallsOnLettuceClusterTest extends IdempotentCallsContract {
  @Override
  Servers newServers() {
    return Servers.onCluster(2, LettuceClients::clusterPort);
  }
}
