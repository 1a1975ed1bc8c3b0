package dev.lockkey.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.lock.Lease;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.RedisUnavailableException;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.reliability.specs.StockAdjustmentKey;
import dev.lockkey.testing.RedisFixture;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.security.cert.CertPathBuilderException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.SslOptions;
import redis.clients.jedis.SslVerifyMode;

/**
 * Redis over TLS (the redis-server of embedded-redis is built with TLS): the executor locks as an
 * ACL user through a client configured as in docs/RELIABILITY.md, verifying the server's
 * certificate and host name; a client that does not trust the certificate, or does not speak TLS,
 * is refused.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class RedisTlsTest {
  private static final String USER = "app";
  private static final String PASSWORD = "Tls-And-Acl-Passphrase-8";
  private static RedisFixture redis;
  private static int tlsPort;
  private static SelfSignedCertificate certificate;

  @BeforeAll
  static void startServerWithTls(@TempDir Path dir) throws Exception {
    certificate = SelfSignedCertificate.create(dir);
    tlsPort = freePort();
    redis = RedisFixture.startLocal(certificate.redisSettings(tlsPort));
    try (Jedis admin = new Jedis(redis.host(), redis.port())) {
      admin.aclSetUser(USER, "on", ">" + PASSWORD, "~*", "&*", "+@all");
    }
  }

  @AfterAll
  static void stopServer() {
    if (redis != null) {
      redis.close();
    }
  }

  @Test
  void theExecutorLocksOverTlsWithAVerifiedCertificateAsAnAclUser() {
    SslOptions ssl = SslOptions.builder()
        .truststore(certificate.trustStore().toFile(), certificate.trustStorePassword())
        .sslVerifyMode(SslVerifyMode.FULL) // the certificate chain and the host name
        .build();
    DefaultJedisClientConfig.Builder config = DefaultJedisClientConfig.builder()
        .user(USER)
        .password(PASSWORD)
        .sslOptions(ssl); // TLS: options alone turn it on (Jedis 6.0 to 8; ssl(true) is deprecated in 8)
    try (RedisClient jedis = client(config);
        RedisLockExecutor locks = RedisLockExecutor.create(JedisConnection.of(jedis), UniqueKeyspace.of("tls"))) {
      Lease lease = locks.acquire(StockAdjustmentKey.of("central", 1));
      assertThat(lease.release()).isTrue();
    }
  }

  @Test
  void aClientThatDoesNotTrustTheCertificateIsRefused() {
    SslOptions jvmTrustOnly = SslOptions.builder().sslVerifyMode(SslVerifyMode.FULL).build(); // no self-signed CA in it
    try (RedisClient jedis = client(DefaultJedisClientConfig.builder().sslOptions(jvmTrustOnly));
        RedisLockExecutor locks = RedisLockExecutor.create(JedisConnection.of(jedis), UniqueKeyspace.of("tls"))) {
      assertThatThrownBy(() -> locks.tryAcquire(StockAdjustmentKey.of("central", 2)))
          .isInstanceOf(RedisUnavailableException.class)
          .hasRootCauseInstanceOf(CertPathBuilderException.class);
    }
  }

  @Test
  void aClientWithoutTlsIsRefused() {
    try (RedisClient jedis = client(DefaultJedisClientConfig.builder());
        RedisLockExecutor locks = RedisLockExecutor.create(JedisConnection.of(jedis), UniqueKeyspace.of("tls"))) {
      assertThatThrownBy(() -> locks.tryAcquire(StockAdjustmentKey.of("central", 3)))
          .isInstanceOf(RedisUnavailableException.class);
    }
  }

  private static RedisClient client(DefaultJedisClientConfig.Builder config) {
    return RedisClient.builder()
        .hostAndPort(redis.host(), tlsPort)
        .clientConfig(config.connectionTimeoutMillis(2000).socketTimeoutMillis(2000).build())
        .build();
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
