package dev.lockkey.spring.autoconfigure;

import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Set;
import javax.net.ssl.SSLParameters;
import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.ssl.SslBundles;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.providers.PooledConnectionProvider;
import redis.clients.jedis.util.JedisURIHelper;

/**
 * Builds the Jedis client from {@link RedisConnectionSettings}, using only API that every Jedis
 * LockKey supports has (6.0 to 8): Jedis 6 and 7.0 (Boot 3.5, 4.0) lack {@code RedisClient}, Jedis 8
 * lacks {@code JedisPooled}. So a single server gets a {@link UnifiedJedis} on a
 * {@link PooledConnectionProvider} (what {@code JedisPooled} is), a cluster a {@link JedisCluster}.
 * Both speak RESP2, as Spring Data Redis does.
 */
final class JedisClientFactory {
  /** Jedis' own default for both timeouts. */
  private static final Duration JEDIS_DEFAULT_TIMEOUT = Duration.ofSeconds(2);
  /** Jedis' default number of attempts of a cluster command across redirections. */
  private static final int DEFAULT_MAX_REDIRECTS = 5;
  /** Redis' port, for a URL that names none. */
  private static final int DEFAULT_PORT = 6379;

  private final RedisConnectionSettings settings;
  private final SslBundles sslBundles;

  /**
   * @param sslBundles Boot's SSL bundles, or {@code null} when the application has none
   */
  JedisClientFactory(RedisConnectionSettings settings, SslBundles sslBundles) {
    this.settings = settings;
    this.sslBundles = sslBundles;
  }

  /** A new client; the caller (the application context) closes it. */
  @SuppressWarnings("deprecation") // JedisCluster is the one cluster client that Jedis 6 to 8 all have
  UnifiedJedis create() {
    if (isCluster()) {
      Set<HostAndPort> nodes = new LinkedHashSet<>();
      settings.cluster().nodes().forEach(node -> nodes.add(HostAndPort.from(node.strip())));
      int maxRedirects = settings.cluster().maxRedirects() != null
          ? settings.cluster().maxRedirects() : DEFAULT_MAX_REDIRECTS;
      return new JedisCluster(nodes, clientConfig(false), maxRedirects, poolConfig());
    }
    PooledConnectionProvider provider = new PooledConnectionProvider(hostAndPort(), clientConfig(true), poolConfig());
    // one attempt, as JedisPooled makes: a command is never re-sent behind the caller's back
    return new UnifiedJedis(provider, 1, connectTimeout().plus(timeout()));
  }

  boolean isCluster() {
    return settings.cluster() != null && settings.cluster().nodes() != null && !settings.cluster().nodes().isEmpty();
  }

  /** The connection settings; with the database only for a single server (a cluster has only database 0). */
  JedisClientConfig clientConfig(boolean withDatabase) {
    DefaultJedisClientConfig.Builder config = DefaultJedisClientConfig.builder()
        .connectionTimeoutMillis(Math.toIntExact(connectTimeout().toMillis()))
        .socketTimeoutMillis(Math.toIntExact(timeout().toMillis()))
        .clientName(settings.clientName());
    URI url = url();
    String user = url != null ? JedisURIHelper.getUser(url) : settings.username();
    String password = url != null ? JedisURIHelper.getPassword(url) : settings.password();
    if (password != null) {
      config.user(user).password(password);
    }
    if (withDatabase) {
      config.database(url != null ? JedisURIHelper.getDBIndex(url) : settings.database());
    }
    boolean ssl = settings.ssl().isEnabled() || (url != null && JedisURIHelper.isRedisSSLScheme(url));
    config.ssl(ssl);
    if (settings.ssl().bundle() != null) {
      SslBundle bundle = requireSslBundles().getBundle(settings.ssl().bundle());
      config.sslSocketFactory(bundle.createSslContext().getSocketFactory());
      SSLParameters parameters = new SSLParameters();
      parameters.setProtocols(bundle.getOptions().getEnabledProtocols());
      parameters.setCipherSuites(bundle.getOptions().getCiphers());
      config.sslParameters(parameters);
    }
    return config.build();
  }

  private SslBundles requireSslBundles() {
    if (sslBundles == null) {
      throw new IllegalStateException(RedisConnectionSettings.PREFIX + ".ssl.bundle is set to '"
          + settings.ssl().bundle() + "' but the application has no SSL bundles (spring.ssl.bundle.*)");
    }
    return sslBundles;
  }

  private HostAndPort hostAndPort() {
    URI url = url();
    if (url == null) {
      return new HostAndPort(settings.host(), settings.port());
    }
    return new HostAndPort(url.getHost(), url.getPort() != -1 ? url.getPort() : DEFAULT_PORT);
  }

  private URI url() {
    return settings.url() == null || settings.url().isBlank() ? null : URI.create(settings.url().strip());
  }

  private ConnectionPoolConfig poolConfig() {
    RedisConnectionSettings.Pool pool = settings.jedis().pool();
    ConnectionPoolConfig config = new ConnectionPoolConfig();
    config.setMaxTotal(pool.maxActive());
    config.setMaxIdle(pool.maxIdle());
    config.setMinIdle(pool.minIdle());
    config.setBlockWhenExhausted(true);
    // Boot's default (-1) waits forever for a free connection: a lock call must fail within its timeouts instead
    boolean waitSet = pool.maxWait() != null && !pool.maxWait().isNegative();
    config.setMaxWait(waitSet ? pool.maxWait() : connectTimeout().plus(timeout()));
    return config;
  }

  private Duration timeout() {
    return settings.timeout() != null ? settings.timeout() : JEDIS_DEFAULT_TIMEOUT;
  }

  private Duration connectTimeout() {
    return settings.connectTimeout() != null ? settings.connectTimeout() : JEDIS_DEFAULT_TIMEOUT;
  }
}
