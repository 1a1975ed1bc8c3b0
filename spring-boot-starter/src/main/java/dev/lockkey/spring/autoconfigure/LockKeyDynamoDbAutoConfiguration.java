package dev.lockkey.spring.autoconfigure;

import dev.lockkey.Keyspace;
import dev.lockkey.dynamodb.DynamoLockExecutor;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.spring.guard.LockKeyGuardAutoConfiguration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * LockKey on DynamoDB ({@code lockkey.backend=dynamodb}): a {@link DynamoLockExecutor} on the
 * application's one {@link DynamoDbClient} bean (the application builds and owns it, with its
 * region, credentials and retry policy, as the AWS SDK's own integrations expect) and the table
 * {@code lockkey.dynamodb.table}, with the {@code lockkey.lock.*} defaults. Yields to the
 * application's own {@link DynamoLockExecutor} bean; the context closes the executor, never the
 * client. Locks only: there are no DynamoDB idempotent calls, single flights or rate limits.
 */
@AutoConfiguration(before = LockKeyGuardAutoConfiguration.class)
@ConditionalOnClass({DynamoLockExecutor.class, DynamoDbClient.class})
@ConditionalOnProperty(prefix = "lockkey", name = "backend", havingValue = "dynamodb")
@ConditionalOnSingleCandidate(DynamoDbClient.class)
@EnableConfigurationProperties(LockKeyDynamoDbProperties.class)
@Import(LockKeyCommonConfiguration.class)
public class LockKeyDynamoDbAutoConfiguration {

  /**
   * The lock executor, told about every {@link LockListener} bean; closed with the context.
   *
   * @param client the application's DynamoDB client
   * @param keyspace the key space bean
   * @param properties the bound {@code lockkey.*} properties; {@code lockkey.lock.*} give the default options
   * @param dynamodb the bound {@code lockkey.dynamodb.*} properties
   * @param listeners every {@link LockListener} bean, in order
   * @return the executor
   * @throws IllegalStateException when {@code lockkey.dynamodb.table} is not set
   */
  @Bean
  @ConditionalOnMissingBean
  public DynamoLockExecutor lockKeyExecutor(DynamoDbClient client, Keyspace keyspace, LockKeyProperties properties,
      LockKeyDynamoDbProperties dynamodb, ObjectProvider<LockListener> listeners) {
    if (dynamodb.table() == null || dynamodb.table().isBlank()) {
      throw new IllegalStateException("lockkey.backend=dynamodb needs lockkey.dynamodb.table, the lock table's name"
          + " (create it with DynamoLockTable.create, or the CloudFormation or Terraform in lockkey-dynamodb)");
    }
    LockKeyProperties.Lock lock = properties.lock();
    return DynamoLockExecutor.builder(client, dynamodb.table().strip(), keyspace)
        .defaultOptions(LockOptions.builder()
            .leaseTime(lock.leaseTime())
            .waitTime(lock.waitTime())
            .renewal(lock.renewal())
            .build())
        .maxPollInterval(dynamodb.maxPollInterval())
        .listener(LockListener.all(listeners.orderedStream().toArray(LockListener[]::new)))
        .build();
  }
}
