package dev.lockkey.redis.internal;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.providers.PooledConnectionProvider;

/**
 * A client that, once armed, sends one script twice, as a client whose first reply was lost sends
 * the command again after its timeout (the Jedis cluster client does) while the node was only
 * slow: both copies run on the server, and the caller gets the second copy's reply. What happened
 * on the server between the two copies is the test's {@code meanwhile}. The server and the scripts
 * are real; only the moment of the resend is chosen. Thread-safe.
 */
final class ResendingClient extends UnifiedJedis {
  private record Resend(String sha1, Runnable meanwhile) {}

  private final AtomicReference<Resend> armed = new AtomicReference<>();

  /** A client of {@code server} (no password), one attempt per command otherwise. */
  ResendingClient(HostAndPort server) {
    super(new PooledConnectionProvider(server, DefaultJedisClientConfig.builder().build()), 1, Duration.ofSeconds(4));
  }

  /** The next run of {@code script} is sent twice, {@code meanwhile} running between the copies. */
  void resendNext(LuaScript script, Runnable meanwhile) {
    armed.set(new Resend(script.sha1(), meanwhile));
  }

  @Override
  public Object evalsha(String sha1, List<String> keys, List<String> args) {
    Resend resend = armed.get();
    if (resend == null || !resend.sha1().equals(sha1) || !armed.compareAndSet(resend, null)) {
      return super.evalsha(sha1, keys, args);
    }
    super.evalsha(sha1, keys, args); // the first copy, whose reply the caller never sees
    resend.meanwhile().run();
    return super.evalsha(sha1, keys, args);
  }
}
