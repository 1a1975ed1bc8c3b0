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
import dev.lockkey.lock.LockExecutor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The README's "DynamoDB backend" blocks are this module's code: the Java block stands in
 * {@link #readmeJavaBlock} word for word, so it compiles against this build, and the Terraform
 * block is {@code infra/lock-table.tf}. Each block is marked {@code <!-- checked: dynamodb-... -->}
 * in the README, so that moving one fails here.
 */
class ReadmeDynamoDbTest {
  private static final Path THIS_SOURCE = Path.of("src/test/java/dev/lockkey/dynamodb/ReadmeDynamoDbTest.java");

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

  /** The README's guarded resource. */
  private interface Ledger {
    void capture(String order, long fencingToken);
  }

  /**
   * The README's block between the markers, word for word: compiled with this module's tests, so
   * that a change of an API it calls fails the build. Not run, as dynalite does not know the
   * UpdateTimeToLive that {@link DynamoLockTable#create} sends; {@code DynamoDemoTest} runs the
   * other calls on dynalite.
   */
  private static void readmeJavaBlock(Ledger ledger, String order) {
    // the README's block, from here
    DynamoDbClient dynamoDb = DynamoDbClient.create();           // yours: region, credentials, timeouts, retries
    DynamoLockTable.create(dynamoDb, "lockkey-locks");           // once; or dynamodb/infra/lock-table.{tf,yaml}
    LockExecutor locks = DynamoLockExecutor.create(dynamoDb, "lockkey-locks", Keyspace.of("prod"));
    try (Lease lease = locks.acquire(PaymentCaptureKey.of("t42", 98765))) {   // pk lock:prod:{payment:capture:v1:t42:98765}
      ledger.capture(order, lease.fencingToken());
    }
    // to here
  }

  @Test
  void theReadmesJavaBlockIsTheCodeAbove() throws IOException {
    ReadmeCode.assertBlockIsTheCodeOf("dynamodb-java", THIS_SOURCE, ReadmeDynamoDbTest.class.getPackageName());
  }

  @Test
  void theReadmesTerraformBlockIsTheModulesDefinition() throws IOException {
    assertThat(Files.readString(Path.of("infra/lock-table.tf"), StandardCharsets.UTF_8))
        .contains(ReadmeCode.block("dynamodb-terraform"));
  }
}
