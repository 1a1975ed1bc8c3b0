package dev.lockkey.redis;

import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.redis.lettuce.LettuceClients;
import dev.lockkey.testing.RedisNode;

/**
 * Replica acknowledgement through the Lettuce adapter: WAIT runs on a connection the adapter holds
 * alone, right after the script, never on its shared multiplexed connection.
 */
class LettuceReplicaAcknowledgementTest extends ReplicaAcknowledgementTest {
  private LettuceClients lettuce;

  @Override
  RedisConnection openPort(RedisNode primary) {
    lettuce = LettuceClients.at(primary.address(), LettuceClients.TIMEOUT);
    return lettuce.connection();
  }

  @Override
  void closePort(RedisConnection port) {
    lettuce.close();
  }
}
