package dev.lockkey.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.ReadmeCode;
import dev.lockkey.SpecDescriptor;
import dev.lockkey.format.FieldFormat;
import dev.lockkey.format.KeyFormat;
import dev.lockkey.lock.Lease;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The blocks of the DynamoDB guide (docs/guides/dynamodb.md) and the README's DynamoDB example
 * are this module's code. Each Java block stands in a
 * method below between {@code // the README's block <kind>, from here} and {@code // to here}, word
 * for word, so it compiles against this build, and {@link #theReadmesBlocksRunOnDynalite} runs them
 * on dynalite; the Terraform block is {@code infra/lock-table.tf}, the IAM policies are
 * {@code infra/iam-*.json}. Each block is marked {@code <!-- checked: dynamodb-... -->} in the
 * documentation ({@link ReadmeCode} finds it on any page), so that removing one fails here.
 */
@ExtendWith(DynaliteExtension.class)
class ReadmeDynamoDbTest {
  private static final Path THIS_SOURCE = Path.of("src/test/java/dev/lockkey/dynamodb/ReadmeDynamoDbTest.java");
  private static final List<String> JAVA_BLOCKS =
      List.of("dynamodb-local-client", "dynamodb-production-client", "dynamodb-java", "dynamodb-front");

  /** What the processor generates for the README's {@code PaymentCapture} spec, rendered as generated code renders it. */
  private record PaymentCaptureKey(String canonical, SpecDescriptor spec) implements LockKey {
    private static final KeyFormat FORMAT = KeyFormat.of(new SpecDescriptor("com.acme.payments.PaymentCapture",
        "payment", "capture", 1, "payment:capture:v1:{tenant}:{orderId}",
        List.of(FieldDescriptor.of("tenant", "java.lang.String"), FieldDescriptor.of("orderId", "long"))));

    static PaymentCaptureKey of(String tenant, long orderId) {
      FieldFormat tenantFormat = FORMAT.field("tenant");
      return new PaymentCaptureKey(FORMAT.render(tenantFormat.segment(tenantFormat.text(tenant)),
          FORMAT.field("orderId").text(orderId)), FORMAT.spec());
    }
  }

  private static DynamoDbClient localClient(String endpoint) {
    // the README's block dynamodb-local-client, from here
    DynamoDbClient dynamoDb = DynamoDbClient.builder()
        .endpointOverride(URI.create(endpoint))            // e.g. "http://localhost:8000"
        .region(Region.US_EAST_1)                          // any region: the local server ignores it
        .credentialsProvider(StaticCredentialsProvider.create(
            AwsBasicCredentials.create("local", "local"))) // dummy: the local server checks none
        .build();
    // to here
    return dynamoDb;
  }

  private static DynamoDbClient productionClient() {
    // the README's block dynamodb-production-client, from here
    DynamoDbClient dynamoDb = DynamoDbClient.builder()
        .region(Region.EU_WEST_1)                          // credentials: the default chain (instance or task role)
        .httpClient(UrlConnectionHttpClient.builder()
            .connectionTimeout(Duration.ofMillis(500))
            .socketTimeout(Duration.ofSeconds(1))
            .build())
        .overrideConfiguration(config -> config
            .apiCallAttemptTimeout(Duration.ofMillis(500)) // one HTTP attempt
            .apiCallTimeout(Duration.ofSeconds(2))         // the whole call, retries included
            .retryStrategy(AwsRetryStrategy.standardRetryStrategy().toBuilder().maxAttempts(3).build()))
        .build();
    // to here
    return dynamoDb;
  }

  private static void lockAndWrite(DynamoDbClient dynamoDb) {
    // the README's block dynamodb-java, from here
    // at startup: one executor per application and key space, shared by all threads
    DynamoLockTable.create(dynamoDb, "lockkey-locks");              // or dynamodb/infra/lock-table.{tf,yaml}
    DynamoLockExecutor locks = DynamoLockExecutor.create(dynamoDb, "lockkey-locks", Keyspace.of("prod"));
    DynamoFencedWriter payments = DynamoFencedWriter.on(dynamoDb, "payments");

    // per operation
    try (Lease lease = locks.acquire(PaymentCaptureKey.of("t42", 98765))) { // pk lock:prod:{payment:capture:v1:t42:98765}
      boolean written = payments.set(Map.of("id", AttributeValue.fromS("t42/98765")),
          Map.of("status", AttributeValue.fromS("captured")), lease.fencingToken());
      if (!written) {
        throw new IllegalStateException("a newer holder wrote payment t42/98765: this lease was lost");
      }
    }

    // at shutdown: stops the renewals (leases still held run out by their lease time); the client is yours
    locks.close();
    dynamoDb.close();
    // to here
  }

  /** The README's guarded resource. */
  private interface Ledger {
    void capture(String order, long fencingToken);
  }

  /** The README's example (compiled, not run: its client takes the region and credentials of an AWS environment). */
  @SuppressWarnings("resource") // the README's client and executor live as long as the application
  private static void frontPageBlock(Ledger ledger, String order) {
    // the README's block dynamodb-front, from here
    DynamoDbClient dynamoDb = DynamoDbClient.create();                              // region and credentials of the environment
    DynamoLockTable.create(dynamoDb, "lockkey-locks");                              // once; or dynamodb/infra/lock-table.tf
    DynamoLockExecutor locks = DynamoLockExecutor.create(dynamoDb, "lockkey-locks", Keyspace.of("prod"));
    try (Lease lease = locks.acquire(PaymentCaptureKey.of("t42", 98765))) {        // pk lock:prod:{payment:capture:v1:t42:98765}
      ledger.capture(order, lease.fencingToken());
    }
    // to here
  }

  @Test
  void theReadmesJavaBlocksAreTheCodeAbove() throws IOException {
    for (String kind : JAVA_BLOCKS) {
      ReadmeCode.assertBlockIsTheCodeOf(kind, THIS_SOURCE, ReadmeDynamoDbTest.class.getPackageName());
    }
  }

  /**
   * The local client, through a proxy that notes each request's operation, runs the locking block
   * on dynalite: the table made without TTL (dynalite lacks it), the payment written with the
   * lease's token, the lock released; and no operation is sent beyond the IAM policies' actions.
   */
  @Test
  void theReadmesBlocksRunOnDynalite(DynaliteServer dynalite, DynamoDbClient direct) throws IOException {
    createPaymentsTable(direct);
    List<String> operations;
    try (ThrottlingProxy proxy = new ThrottlingProxy(dynalite.port())) {
      lockAndWrite(localClient("http://127.0.0.1:" + proxy.port()));
      operations = proxy.operations();
    }

    Map<String, AttributeValue> payment = direct.getItem(request -> request.tableName("payments")
        .key(Map.of("id", AttributeValue.fromS("t42/98765"))).consistentRead(true)).item();
    assertThat(payment).containsEntry("status", AttributeValue.fromS("captured"))
        .containsKey(DynamoFencedWriter.DEFAULT_TOKEN_ATTRIBUTE);
    assertThat(DynamoLockStore.create(direct, "lockkey-locks").read("lock:prod:{payment:capture:v1:t42:98765}"))
        .hasValueSatisfying(lock -> assertThat(lock.leaseUntilMillis()).as("released").isZero());
    Set<String> allowed = new HashSet<>(iamActions("dynamodb-iam-locking"));
    allowed.addAll(iamActions("dynamodb-iam-table-setup"));
    assertThat(operations).as("what the blocks sent").contains("CreateTable", "DescribeTable", "UpdateItem")
        .allSatisfy(operation -> assertThat(allowed).contains("dynamodb:" + operation));
  }

  @Test
  void theProductionClientCarriesItsTimeoutsWhichTheExecutorTakesAsItsOwn() {
    try (DynamoDbClient dynamoDb = productionClient()) { // built offline: it connects on first use only
      assertThat(dynamoDb.serviceClientConfiguration().overrideConfiguration().apiCallTimeout())
          .hasValue(Duration.ofSeconds(2));
      DynamoLockStore store = DynamoLockStore.create(dynamoDb, "lockkey-locks");
      assertThat(store.requestTimeout()).isEqualTo(Duration.ofSeconds(2));
      assertThat(store.attemptTimeout()).isEqualTo(Duration.ofMillis(500));
    }
  }

  @Test
  void theIamPoliciesAreTheModulesFilesAndNameTheActionsTheCodeNeeds() throws IOException {
    assertThat(Files.readString(Path.of("infra/iam-locking.json"), StandardCharsets.UTF_8))
        .isEqualTo(ReadmeCode.block("dynamodb-iam-locking") + "\n");
    assertThat(Files.readString(Path.of("infra/iam-table-setup.json"), StandardCharsets.UTF_8))
        .isEqualTo(ReadmeCode.block("dynamodb-iam-table-setup") + "\n");
    assertThat(iamActions("dynamodb-iam-locking")).containsExactly("dynamodb:UpdateItem", "dynamodb:GetItem");
    assertThat(iamActions("dynamodb-iam-table-setup")).containsExactly("dynamodb:CreateTable",
        "dynamodb:DescribeTable", "dynamodb:DescribeTimeToLive", "dynamodb:UpdateTimeToLive");
  }

  @Test
  void theReadmesTerraformBlockIsTheModulesDefinition() throws IOException {
    assertThat(Files.readString(Path.of("infra/lock-table.tf"), StandardCharsets.UTF_8))
        .contains(ReadmeCode.block("dynamodb-terraform"));
  }

  /** The table of the README's guarded items, keyed by {@code id}. */
  private static void createPaymentsTable(DynamoDbClient direct) {
    direct.createTable(request -> request.tableName("payments")
        .billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(AttributeDefinition.builder().attributeName("id").attributeType(ScalarAttributeType.S).build())
        .keySchema(KeySchemaElement.builder().attributeName("id").keyType(KeyType.HASH).build()));
    direct.waiter().waitUntilTableExists(request -> request.tableName("payments"));
  }

  /** The {@code "dynamodb:..."} actions of the README's IAM policy block {@code kind}, in order. */
  private static List<String> iamActions(String kind) throws IOException {
    Matcher action = Pattern.compile("\"(dynamodb:[A-Za-z]+)\"").matcher(ReadmeCode.block(kind));
    return action.results().map(result -> result.group(1)).toList();
  }
}
