package dev.lockkey.redis.flight;

import dev.lockkey.redis.Servers;
import dev.lockkey.redis.lettuce.LettuceClients;

/** {@link SingleFlightTest}: the single flights, each server on the Lettuce adapter. */
class LettuceSingleFlightTest extends SingleFlightTest {
  @Override
  Servers newServers() {
    return Servers.onSingleNode(SERVERS, LettuceClients::singlePort);
  }
}
