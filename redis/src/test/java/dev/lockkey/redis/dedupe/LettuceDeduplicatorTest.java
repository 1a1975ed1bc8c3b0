package dev.lockkey.redis.dedupe;

import dev.lockkey.redis.Servers;
import dev.lockkey.redis.lettuce.LettuceClients;

/** {@link DeduplicatorTest}: the dedupe marks, each server on the Lettuce adapter. */
class LettuceDeduplicatorTest extends DeduplicatorTest {
  @Override
  Servers newServers() {
    return Servers.onSingleNode(2, LettuceClients::singlePort);
  }
}
