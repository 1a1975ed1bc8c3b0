package dev.lockkey.dynamodb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/** SDK clients for tests: a loopback endpoint, us-east-1, dummy credentials, short retries and timeouts. */
final class TestClients {
  /** Attempts per call, as the SDK counts them: the first and two retries. */
  static final int MAX_ATTEMPTS = 3;

  private TestClients() {}

  /** A client of the server on {@code port} of 127.0.0.1. */
  static DynamoDbClient on(int port) {
    return local(port)
        .httpClient(UrlConnectionHttpClient.builder()
            .connectionTimeout(Duration.ofSeconds(2))
            .socketTimeout(Duration.ofSeconds(10))
            .build())
        .overrideConfiguration(config -> config
            .apiCallTimeout(Duration.ofSeconds(20))
            // the SDK's standard strategy with short pauses, so tests of throttling stay fast
            .retryStrategy(AwsRetryStrategy.standardRetryStrategy().toBuilder()
                .maxAttempts(MAX_ATTEMPTS)
                .backoffStrategy(BackoffStrategy.exponentialDelay(Duration.ofMillis(2), Duration.ofMillis(20)))
                .throttlingBackoffStrategy(BackoffStrategy.exponentialDelay(Duration.ofMillis(2), Duration.ofMillis(20)))
                .circuitBreakerEnabled(false)
                .build()))
        .build();
  }

  /**
   * A client of the server on {@code port} of 127.0.0.1 as a user builds one for local
   * development: the SDK's own timeouts (none per call, 30 s per socket read) and retry strategy
   * for DynamoDB, with {@code log} told of every call.
   */
  static DynamoDbClient withSdkDefaults(int port, CallLog log) {
    return local(port)
        .httpClient(UrlConnectionHttpClient.create())
        .overrideConfiguration(config -> config.addExecutionInterceptor(log))
        .build();
  }

  private static DynamoDbClientBuilder local(int port) {
    return DynamoDbClient.builder()
        .endpointOverride(URI.create("http://127.0.0.1:" + port))
        .region(Region.US_EAST_1)
        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("lockkey", "lockkey")));
  }

  /** A port of 127.0.0.1 that nothing listens on: it was free a moment ago, and connections are refused. */
  static int closedPort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free loopback port", e);
    }
  }
}
