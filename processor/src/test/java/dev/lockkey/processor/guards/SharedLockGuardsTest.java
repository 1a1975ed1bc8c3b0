package dev.lockkey.processor.guards;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.Keyspace;
import dev.lockkey.guard.GuardInvoker;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.permit.RedisPermits;
import dev.lockkey.redis.rwlock.RedisReadWriteLocks;
import dev.lockkey.testing.RedisFixture;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

/** {@link ReportService}'s generated guards run on Redis: two permits at most, writers alone. */
class SharedLockGuardsTest {
  private final ReportService service = new ReportService();
  private final Interception interception = new Interception(service);
  private final ExecutorService threads = Executors.newFixedThreadPool(6);
  private UnifiedJedis jedis;
  private RedisLockExecutor executor;
  private RedisPermits permits;
  private RedisReadWriteLocks readWrite;
  private GuardInvoker invoker;

  @BeforeEach
  void connect() {
    jedis = RedisFixture.shared().newClient();
    Keyspace keyspace = Keyspace.of("shared-" + UUID.randomUUID().toString().substring(0, 8));
    executor = RedisLockExecutor.create(JedisConnection.of(jedis), keyspace);
    permits = RedisPermits.create(JedisConnection.of(jedis), keyspace);
    readWrite = RedisReadWriteLocks.create(JedisConnection.of(jedis), keyspace);
    invoker = GuardInvoker.builder(executor).permits(permits).readWriteLocks(readWrite).build();
  }

  @AfterEach
  void close() throws InterruptedException {
    threads.shutdownNow();
    assertThat(threads.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
    readWrite.close();
    permits.close();
    executor.close();
    jedis.close();
  }

  @Test
  void atMostTwoCallersHoldAPermitOfTheOrder() throws Exception {
    List<Future<?>> calls = new ArrayList<>();
    for (int t = 0; t < 6; t++) {
      calls.add(threads.submit(() -> {
        for (int i = 0; i < 10; i++) {
          interception.call(invoker, "export", "t42", 98765L, null);
        }
        return null;
      }));
    }
    for (Future<?> call : calls) {
      call.get(60, TimeUnit.SECONDS);
    }
    assertThat(service.mostExporting.get()).isBetween(1, 2);
  }

  @Test
  void writersAreAloneAndTheirTokensRise() throws Exception {
    List<Future<List<Long>>> calls = new ArrayList<>();
    for (int t = 0; t < 6; t++) {
      boolean writer = t < 2;
      calls.add(threads.submit(() -> {
        List<Long> tokens = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
          if (writer) {
            tokens.add((Long) interception.call(invoker, "write", "t42", 98765L, null));
          } else {
            interception.call(invoker, "read", "t42", 98765L);
          }
        }
        return tokens;
      }));
    }
    for (Future<List<Long>> call : calls) {
      assertThat(call.get(60, TimeUnit.SECONDS)).isSorted();
    }
    assertThat(service.overlaps.get()).isZero();
  }
}
