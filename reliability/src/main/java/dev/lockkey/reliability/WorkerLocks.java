package dev.lockkey.reliability;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.lockkey.Keyspace;
import dev.lockkey.dynamodb.DynamoLockExecutor;
import dev.lockkey.dynamodb.DynamoThrottledException;
import dev.lockkey.dynamodb.DynamoUnavailableException;
import dev.lockkey.jdbc.JdbcLockExecutor;
import dev.lockkey.jdbc.JdbcUnavailableException;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.RedisUnavailableException;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.RedisFixture;
import java.net.URI;
import java.time.Duration;
import java.util.Set;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.UnifiedJedis;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The lock executor of a {@link FaultWorker} process and what it runs on, from the environment:
 * PostgreSQL when {@value #JDBC_URL} is set (a small HikariCP pool on that URL, user
 * {@code postgres}), DynamoDB when {@value #DYNAMODB_URL} is set (the table
 * {@value #DYNAMODB_TABLE}), else Redis at {@value RedisFixture#REDIS_URL} (a Redis Cluster with
 * {@value #CLUSTER} set). Every client times out after {@link #TIMEOUT}, so that a fault shows as
 * unavailability soon.
 */
final class WorkerLocks implements AutoCloseable {
  /** Set (to anything) when {@value RedisFixture#REDIS_URL} names a node of a Redis Cluster. */
  static final String CLUSTER = "LOCKKEY_FAULTS_CLUSTER";
  /** The JDBC URL of the PostgreSQL to lock on (through the test's proxy for this process). */
  static final String JDBC_URL = "LOCKKEY_FAULTS_JDBC_URL";
  /** The endpoint of the DynamoDB (dynalite) to lock on, e.g. {@code http://127.0.0.1:PORT} of the proxy. */
  static final String DYNAMODB_URL = "LOCKKEY_FAULTS_DYNAMODB_URL";
  /** The lock table on DynamoDB, which the test creates. */
  static final String DYNAMODB_TABLE = "lockkey-faults";
  private static final Duration TIMEOUT = Duration.ofMillis(500);

  private final LockExecutor executor;
  private final AutoCloseable client;

  private WorkerLocks(LockExecutor executor, AutoCloseable client) {
    this.executor = executor;
    this.client = client;
  }

  /** The executor of this process's backend, in {@code keyspace}. */
  static WorkerLocks open(Keyspace keyspace, int threads) {
    String jdbcUrl = System.getenv(JDBC_URL);
    if (jdbcUrl != null) {
      HikariConfig config = new HikariConfig();
      config.setJdbcUrl(jdbcUrl);
      config.setUsername("postgres");
      config.setMaximumPoolSize(threads + 2); // a statement per thread, the release listener, a renewal
      config.setMinimumIdle(0);
      config.setConnectionTimeout(1_000);
      config.setValidationTimeout(TIMEOUT.toMillis());
      config.setInitializationFailTimeout(-1);
      config.addDataSourceProperty("connectTimeout", "2");
      HikariDataSource pool = new HikariDataSource(config);
      return new WorkerLocks(JdbcLockExecutor.builder(pool, keyspace).operationTimeout(TIMEOUT).build(), pool);
    }
    String dynamoUrl = System.getenv(DYNAMODB_URL);
    if (dynamoUrl != null) {
      DynamoDbClient client = dynamoClient(dynamoUrl);
      return new WorkerLocks(DynamoLockExecutor.builder(client, DYNAMODB_TABLE, keyspace)
          .requestTimeouts(TIMEOUT, TIMEOUT.multipliedBy(2))
          .build(), client);
    }
    RedisFixture redis = RedisFixture.start();
    UnifiedJedis jedis = System.getenv(CLUSTER) != null ? clusterClient(redis) : redis.newClient(TIMEOUT, TIMEOUT);
    return new WorkerLocks(RedisLockExecutor.create(JedisConnection.of(jedis), keyspace), jedis);
  }

  LockExecutor executor() {
    return executor;
  }

  /** Whether {@code failure} says the store did not answer (a fault), not that something is wrong. */
  static boolean unavailable(RuntimeException failure) {
    return failure instanceof RedisUnavailableException || failure instanceof JdbcUnavailableException
        || failure instanceof DynamoUnavailableException || failure instanceof DynamoThrottledException;
  }

  /** A client of a local DynamoDB endpoint (dynalite takes any credentials). */
  static DynamoDbClient dynamoClient(String endpoint) {
    return DynamoDbClient.builder()
        .endpointOverride(URI.create(endpoint))
        .region(Region.US_EAST_1)
        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("lockkey", "lockkey")))
        .httpClient(UrlConnectionHttpClient.builder().connectionTimeout(TIMEOUT).socketTimeout(TIMEOUT).build())
        .build();
  }

  /** A cluster client that learns the cluster from the node {@code redis} names. */
  private static UnifiedJedis clusterClient(RedisFixture redis) {
    int millis = Math.toIntExact(TIMEOUT.toMillis());
    return RedisClusterClient.builder()
        .nodes(Set.of(new HostAndPort(redis.host(), redis.port())))
        .clientConfig(DefaultJedisClientConfig.builder().connectionTimeoutMillis(millis).socketTimeoutMillis(millis)
            .build())
        .build();
  }

  @Override
  public void close() throws Exception {
    try {
      executor.close();
    } finally {
      client.close();
    }
  }
}
