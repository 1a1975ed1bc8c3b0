package dev.lockkey.reliability;

import dev.lockkey.testing.RedisFixture;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import redis.clients.jedis.Connection;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisMonitor;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Every command a Redis server receives while this is open, as MONITOR reports it: the command,
 * its arguments (keys, values, script arguments) and, for scripts, the commands they run.
 */
final class RedisMonitor implements AutoCloseable {
  private final Jedis connection;
  private final Thread thread;
  private final List<String> commands = new CopyOnWriteArrayList<>();

  private RedisMonitor(RedisFixture redis) throws InterruptedException {
    connection = new Jedis(redis.host(), redis.port());
    CountDownLatch started = new CountDownLatch(1);
    thread = new Thread(() -> {
      try {
        connection.monitor(new JedisMonitor() {
          @Override
          public void onCommand(String command) {
            commands.add(command);
          }

          @Override
          public void proceed(Connection client) {
            started.countDown();
            super.proceed(client);
          }
        });
      } catch (JedisException closed) {
        // close() closed the connection: monitoring ends
      }
    }, "redis-monitor");
    thread.setDaemon(true);
    thread.start();
    if (!started.await(10, TimeUnit.SECONDS)) {
      throw new AssertionError("MONITOR did not start");
    }
  }

  /** Starts monitoring {@code redis}. */
  static RedisMonitor start(RedisFixture redis) throws InterruptedException {
    return new RedisMonitor(redis);
  }

  /** The commands seen so far, one line each. */
  List<String> commands() {
    return List.copyOf(commands);
  }

  /** Stops monitoring. */
  @Override
  public void close() throws InterruptedException {
    connection.close();
    thread.join(TimeUnit.SECONDS.toMillis(10));
  }
}
