package dev.lockkey.dynamodb;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Objects;
import software.amazon.awssdk.core.retry.backoff.FixedDelayBackoffStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;
import software.amazon.awssdk.services.dynamodb.waiters.DynamoDbWaiter;

/**
 * The lock table: its schema, and a helper that creates it. One item per lock key:
 *
 * <table>
 *   <caption>Attributes of a lock item</caption>
 *   <tr><th>attribute</th><th>type</th><th>holds</th></tr>
 *   <tr><td>{@value #PARTITION_KEY}</td><td>S</td><td>the full key, e.g.
 *       {@code lock:prod:{payment:capture:v1:t42:98765}} (the partition key, nothing else)</td></tr>
 *   <tr><td>{@value #OWNER_TOKEN}</td><td>S</td><td>the secret of the last holder's lease</td></tr>
 *   <tr><td>{@value #LEASE_UNTIL}</td><td>N</td><td>epoch ms when that lease runs out, by the clock
 *       of the client that took or extended it; 0 once released</td></tr>
 *   <tr><td>{@value #CREATED_AT}</td><td>N</td><td>epoch ms when that lease was taken</td></tr>
 *   <tr><td>{@value #FENCING_TOKEN}</td><td>N</td><td>the last fencing token issued for the key</td></tr>
 *   <tr><td>{@value #EXPIRES_AT}</td><td>N</td><td>epoch seconds after which DynamoDB's TTL may delete
 *       the item: {@link DynamoLockStore#RETENTION} after the lease runs out</td></tr>
 * </table>
 *
 * <p>Only the partition key is part of the table's definition; DynamoDB TTL must be enabled on
 * {@value #EXPIRES_AT}, or items of keys no longer used stay for ever (harmless, but they cost
 * storage). {@link #create} does both; docs/guides/dynamodb.md shows the same table in CloudFormation and
 * Terraform.
 *
 * <p>Where to call what: on AWS {@link #create} makes the table and enables TTL; on an endpoint that does not implement the TTL operations, such as
 * dynalite for local development, {@link #create} makes the table and logs a {@code WARNING} that
 * TTL was not enabled, while {@link #enableTtl} throws the endpoint's answer. {@link #createTable}
 * makes the table alone. The IAM actions they need: {@code dynamodb:CreateTable} and
 * {@code dynamodb:DescribeTable} for the table, {@code dynamodb:DescribeTimeToLive} and
 * {@code dynamodb:UpdateTimeToLive} for TTL.
 */
public final class DynamoLockTable {
  /** The partition key attribute (type S): the lock's full key. */
  public static final String PARTITION_KEY = "pk";
  /** The owner token of the last lease (type S). */
  public static final String OWNER_TOKEN = "owner_token";
  /** When the last lease runs out, epoch milliseconds by the writer's clock; 0 once released (type N). */
  public static final String LEASE_UNTIL = "lease_until";
  /** When the last lease was taken, epoch milliseconds by the writer's clock (type N). */
  public static final String CREATED_AT = "created_at";
  /** The last fencing token issued for the key (type N). */
  public static final String FENCING_TOKEN = "fencing_token";
  /** The TTL attribute: epoch seconds after which DynamoDB may delete the item (type N). */
  public static final String EXPIRES_AT = "expires_at";

  private static final System.Logger LOG = System.getLogger(DynamoLockTable.class.getName());
  /** The error code of an operation the endpoint does not implement (dynalite's answer to the TTL calls). */
  private static final String UNKNOWN_OPERATION = "UnknownOperationException";
  /** DescribeTable polling while a table is created: tables take seconds, not minutes. */
  private static final Duration POLL = Duration.ofSeconds(1);
  private static final int MAX_POLLS = 300;

  private DynamoLockTable() {}

  /**
   * Creates the lock table {@code tableName} (on-demand capacity) unless it exists, waits until it
   * is active, and enables TTL on {@value #EXPIRES_AT} unless enabled. Safe to call on every start.
   * Where the endpoint does not implement the TTL operations ({@code UnknownOperationException},
   * e.g. dynalite), the table is made without TTL and a {@code WARNING} says so (the
   * {@link System.Logger} named after this class): locking works the same, but items of keys no
   * longer used stay until deleted. A setup helper: the SDK's other exceptions pass through unchanged.
   *
   * @param client the client to use (not closed)
   * @param tableName the table's name
   */
  public static void create(DynamoDbClient client, String tableName) {
    createTable(client, tableName);
    try {
      enableTtl(client, tableName);
    } catch (DynamoDbException e) {
      if (e.awsErrorDetails() == null || !UNKNOWN_OPERATION.equals(e.awsErrorDetails().errorCode())) {
        throw e;
      }
      LOG.log(Level.WARNING, () -> "TTL was not enabled on the lock table " + tableName + ": the endpoint does not"
          + " implement DescribeTimeToLive/UpdateTimeToLive (" + UNKNOWN_OPERATION + "), as dynalite for local"
          + " development. Locking works the same; items of keys no longer used stay until deleted. On AWS"
          + " this call enables TTL on " + EXPIRES_AT + ".");
    }
  }

  /**
   * Creates the table (on-demand capacity, partition key {@value #PARTITION_KEY} of type S) unless
   * it exists, and waits until it is active. Does not touch TTL: see {@link #enableTtl}.
   *
   * @param client the client to use (not closed)
   * @param tableName the table's name
   */
  public static void createTable(DynamoDbClient client, String tableName) {
    Objects.requireNonNull(client, "client");
    Objects.requireNonNull(tableName, "tableName");
    try {
      client.createTable(request -> request
          .tableName(tableName)
          .billingMode(BillingMode.PAY_PER_REQUEST)
          .attributeDefinitions(AttributeDefinition.builder()
              .attributeName(PARTITION_KEY).attributeType(ScalarAttributeType.S).build())
          .keySchema(KeySchemaElement.builder().attributeName(PARTITION_KEY).keyType(KeyType.HASH).build()));
    } catch (ResourceInUseException exists) {
      // created before, or being created: waiting for it to be active is all that is left
    }
    try (DynamoDbWaiter waiter = DynamoDbWaiter.builder()
        .client(client)
        .overrideConfiguration(config -> config
            .backoffStrategy(FixedDelayBackoffStrategy.create(POLL))
            .maxAttempts(MAX_POLLS))
        .build()) {
      waiter.waitUntilTableExists(request -> request.tableName(tableName));
    }
  }

  /**
   * Enables DynamoDB TTL on {@value #EXPIRES_AT} unless it is enabled (or being enabled) already.
   * DynamoDB then deletes items some time (typically within days) after their {@value #EXPIRES_AT}.
   * The SDK's exceptions pass through unchanged, also an endpoint's {@code UnknownOperationException}.
   *
   * @param client the client to use (not closed)
   * @param tableName the table's name
   */
  public static void enableTtl(DynamoDbClient client, String tableName) {
    TimeToLiveDescription current = client.describeTimeToLive(request -> request.tableName(tableName))
        .timeToLiveDescription();
    if (current != null && EXPIRES_AT.equals(current.attributeName())
        && (current.timeToLiveStatus() == TimeToLiveStatus.ENABLED
            || current.timeToLiveStatus() == TimeToLiveStatus.ENABLING)) {
      return;
    }
    client.updateTimeToLive(request -> request
        .tableName(tableName)
        .timeToLiveSpecification(spec -> spec.attributeName(EXPIRES_AT).enabled(true)));
  }
}
