package dev.lockkey.redis;

import dev.lockkey.testing.Isolation;
import dev.lockkey.testing.LockKeyTest;
import org.junit.jupiter.api.BeforeAll;

/** {@link HandoverTest} on servers of Redis 7 (Debian's package), each test on one of its own. */
@LockKeyTest(isolation = Isolation.SERVER, redisServer = Redis7.PATH)
class Redis7HandoverTest extends HandoverTest {
  @BeforeAll
  static void requireRedis7() {
    System.out.println("[Redis 7] " + Redis7HandoverTest.class.getSimpleName() + " runs " + Redis7.binary());
  }
}
