package dev.lockkey.spring.autoconfigure;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The {@code lockkey.dynamodb.*} properties of the DynamoDB backend ({@code lockkey.backend=dynamodb}).
 *
 * <p>Each parameter's description is what IDEs show for the property (written by
 * spring-boot-configuration-processor), so it is plain text.
 *
 * @param table The lock table (made by DynamoLockTable.create, CloudFormation or Terraform). Required.
 * @param maxPollInterval The longest pause between two attempts of a waiting acquisition (DynamoDB has no
 *     notifications: waiters poll, from 10 ms up to this).
 */
@ConfigurationProperties("lockkey.dynamodb")
public record LockKeyDynamoDbProperties(String table, @DefaultValue("500ms") Duration maxPollInterval) {}
