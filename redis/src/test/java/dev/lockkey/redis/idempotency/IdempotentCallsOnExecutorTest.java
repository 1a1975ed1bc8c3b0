package dev.lockkey.redis.idempotency;

import dev.lockkey.LockKey;
import dev.lockkey.idempotency.IdempotencyOptions;
import dev.lockkey.idempotency.IdempotentCalls;
import dev.lockkey.idempotency.IdempotentWork;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.Servers;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * {@link IdempotentCallsContract} on one Redis node, each server's calls created on a lock executor
 * of their own ({@link RedisIdempotentCalls#create(RedisLockExecutor)}): records renewed on the
 * executor's renewal threads, waits on its subscriber, the listener the executor's.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class IdempotentCallsOnExecutorTest extends IdempotentCallsContract {
  @Override
  Servers newServers() {
    return Servers.onSingleNode(2);
  }

  @Override
  IdempotentCalls newCalls(Servers servers, int i, LeaseEvents events) {
    RedisLockExecutor executor = RedisLockExecutor.builder(servers.connection(i), Servers.KEYSPACE)
        .listener(events).build();
    RedisIdempotentCalls calls = RedisIdempotentCalls.create(executor);
    return new IdempotentCalls() { // closing the calls closes nothing: the test closes their executor
      @Override
      public <T, E extends Exception> T run(LockKey key, String fingerprint, IdempotencyOptions<T> options,
          IdempotentWork<T, E> work) throws E {
        return calls.run(key, fingerprint, options, work);
      }

      @Override
      public void close() {
        executor.close();
      }
    };
  }
}
