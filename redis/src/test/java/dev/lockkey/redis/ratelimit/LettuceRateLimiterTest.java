package dev.lockkey.redis.ratelimit;

import dev.lockkey.redis.Servers;
import dev.lockkey.redis.lettuce.LettuceClients;

/** {@link RateLimiterTest}: the rate limits, each server on the Lettuce adapter. */
class LettuceRateLimiterTest extends RateLimiterTest {
  @Override
  Servers newServers() {
    return Servers.onSingleNode(2, LettuceClients::singlePort);
  }
}
