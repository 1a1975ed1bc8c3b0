package dev.lockkey.spring.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.dynamodb.DynaliteServer;
import dev.lockkey.dynamodb.DynamoLockExecutor;
import dev.lockkey.dynamodb.DynamoLockTable;
import dev.lockkey.guard.GuardInvoker;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.spring.ShipmentDispatchKey;
import dev.lockkey.spring.autoconfigure.LockKeyAutoConfiguration;
import dev.lockkey.spring.autoconfigure.LockKeyDynamoDbAutoConfiguration;
import dev.lockkey.spring.guard.LockKeyGuardAutoConfiguration;
import java.net.URI;
import org.junit.jupiter.api.Assumptions;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The checks of {@link DynamoDbApplicationTest}, in a class of their own: they name AWS SDK types
 * (lambdas too), which a class path without lockkey-dynamodb (the compat modules') cannot resolve,
 * and JUnit resolves every test class it discovers, also one its tags exclude.
 */
final class DynamoDbApplication {
  private static final String TABLE = "lockkey-spring";
  private static final ApplicationContextRunner RUNNER = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(LockKeyAutoConfiguration.class,
          LockKeyDynamoDbAutoConfiguration.class, LockKeyGuardAutoConfiguration.class))
      .withPropertyValues("lockkey.backend=dynamodb", "lockkey.environment=dynamoapp");

  private DynamoDbApplication() {}

  static void theExecutorLocksOnTheApplicationsClientAndTable() {
    Assumptions.assumeTrue(DynaliteServer.missingTools().isEmpty(), () -> "dynalite: " + DynaliteServer.missingTools());
    try (DynaliteServer dynalite = DynaliteServer.start()) {
      DynamoDbClient client = DynamoDbClient.builder()
          .endpointOverride(URI.create("http://127.0.0.1:" + dynalite.port()))
          .region(Region.US_EAST_1)
          .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("lockkey", "lockkey")))
          .build();
      DynamoLockTable.createTable(client, TABLE);
      RUNNER.withBean(DynamoDbClient.class, () -> client)
          .withPropertyValues("lockkey.dynamodb.table=" + TABLE)
          .run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(GuardInvoker.class)
                .doesNotHaveBean(redis.clients.jedis.UnifiedJedis.class);
            assertThat(context.getBeansOfType(LockExecutor.class).values()).singleElement()
                .isInstanceOf(DynamoLockExecutor.class);
            LockExecutor executor = context.getBean(LockExecutor.class);
            long first = executor.withLock(ShipmentDispatchKey.of("acme", 1), lease -> lease.fencingToken());
            long second = executor.withLock(ShipmentDispatchKey.of("acme", 1), lease -> lease.fencingToken());
            assertThat(second).isGreaterThan(first);
          });
      client.close();
    }
  }

  static void withoutATableTheContextFailsNamingTheProperty() {
    DynamoDbClient client = DynamoDbClient.builder()
        .endpointOverride(URI.create("http://127.0.0.1:9"))
        .region(Region.US_EAST_1)
        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("lockkey", "lockkey")))
        .build();
    RUNNER.withBean(DynamoDbClient.class, () -> client).run(context ->
        assertThat(context).getFailure().rootCause().hasMessageContaining("lockkey.dynamodb.table"));
    client.close();
  }
}
