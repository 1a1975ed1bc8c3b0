package dev.lockkey.redis.lettuce;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.LockBackendContract;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.lock.LockListener;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.testing.RedisFixture;
import dev.lockkey.testing.TcpProxy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import redis.clients.jedis.HostAndPort;

/** The backend-neutral lock contract on one real redis-server, through the Lettuce adapter. */
class LettuceSingleBackendContractTest extends LockBackendContract {
  private static LettuceClients lettuce;

  @BeforeAll
  static void connect() {
    lettuce = LettuceClients.single();
  }

  @AfterAll
  static void disconnect() {
    lettuce.close();
  }

  @Override
  protected LockExecutor newExecutor(Keyspace keyspace, LockListener listener) {
    return RedisLockExecutor.builder(lettuce.connection(), keyspace).listener(listener).build();
  }

  /** A {@link TcpProxy} in front of the server, when it is the one this run started, cut as for Jedis. */
  @Override
  protected StoreOutage storeOutage() {
    RedisFixture redis = RedisFixture.shared();
    if (!redis.ownsServer()) {
      return null;
    }
    TcpProxy proxy = TcpProxy.start(new HostAndPort(redis.host(), redis.port()));
    // the suite's timeout, not a shorter one: a request before the cut must not time out on a
    // loaded machine, and the one after it waits it out (Lettuce holds it for its reconnect)
    LettuceClients client = LettuceClients.at(proxy.address(), LettuceClients.TIMEOUT);
    return new StoreOutage() {
      private LockExecutor executor;

      @Override
      public LockExecutor executor(Keyspace keyspace, LockListener listener) {
        executor = RedisLockExecutor.builder(client.connection(), keyspace).listener(listener).build();
        return executor;
      }

      @Override
      public void begin() {
        proxy.cut(); // refused as well as reset, so that the release cannot simply reconnect
      }

      @Override
      public void close() {
        if (executor != null) {
          executor.close();
        }
        client.close();
        proxy.close();
      }
    };
  }
}
