package dev.lockkey.redis.idempotency;

import dev.lockkey.redis.Servers;
import dev.lockkey.redis.lettuce.LettuceClients;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/** {@link IdempotentCallsContract} on one Redis node, each server on the Lettuce adapter. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class IdempotentCallsOnLettuceTest extends IdempotentCallsContract {
  @Override
  Servers newServers() {
    return Servers.onSingleNode(2, LettuceClients::singlePort);
  }
}
