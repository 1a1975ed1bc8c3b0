package dev.lockkey.redis.lettuce;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.LockBackendContract;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.lock.LockListener;
import dev.lockkey.redis.RedisLockExecutor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The backend-neutral lock contract on a real local Redis Cluster of three masters, through the Lettuce adapter. */
class LettuceClusterBackendContractTest extends LockBackendContract {
  private static LettuceClients lettuce;

  @BeforeAll
  static void connect() {
    lettuce = LettuceClients.cluster();
  }

  @AfterAll
  static void disconnect() {
    lettuce.close();
  }

  @Override
  protected LockExecutor newExecutor(Keyspace keyspace, LockListener listener) {
    return RedisLockExecutor.builder(lettuce.connection(), keyspace).listener(listener).build();
  }
}
