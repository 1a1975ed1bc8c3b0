package dev.lockkey.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The README's "DynamoDB backend" blocks are this module's code: the Java block stands in
 * {@link #readmeJavaBlock} word for word, so it compiles against this build, and the Terraform
 * block is {@code infra/lock-table.tf}. Each block is marked {@code <!-- checked: dynamodb-... -->}
 * in the README, so that moving one fails here.
 */
class ReadmeDynamoDbTest {
  private static final Path README = Path.of("../README.md");
  private static final Path THIS_SOURCE = Path.of("src/test/java/dev/lockkey/dynamodb/ReadmeDynamoDbTest.java");
  private static final String FROM = "// the README's block, from here";
  private static final String TO = "// to here";
  /** The indentation of the block in {@link #readmeJavaBlock}. */
  private static final String INDENT = "    ";

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
    List<String> block = readmeBlock("dynamodb-java").lines().toList();
    String source = Files.readString(THIS_SOURCE, StandardCharsets.UTF_8);
    List<String> imports = block.stream().filter(line -> line.startsWith("import ")).toList();
    List<String> code = block.subList(imports.size() + 1, block.size()); // after the blank line

    assertThat(block.get(imports.size())).isEmpty();
    assertThat(source.lines().toList()).containsAll(imports.stream() // this package's classes need none
        .filter(line -> !line.startsWith("import " + ReadmeDynamoDbTest.class.getPackageName() + ".")).toList());
    assertThat(markedCode(source)).isEqualTo(code);
  }

  @Test
  void theReadmesTerraformBlockIsTheModulesDefinition() throws IOException {
    assertThat(Files.readString(Path.of("infra/lock-table.tf"), StandardCharsets.UTF_8))
        .contains(readmeBlock("dynamodb-terraform"));
  }

  /** The code of the README block marked {@code <!-- checked: kind ... -->}. */
  private static String readmeBlock(String kind) throws IOException {
    Matcher block = Pattern.compile("<!-- checked: " + Pattern.quote(kind) + "(?: [^>]*)?-->\\R```[a-z]*\\R(.*?)\\R```",
        Pattern.DOTALL).matcher(Files.readString(README, StandardCharsets.UTF_8));
    assertThat(block.find()).as("the README has a block marked <!-- checked: %s -->", kind).isTrue();
    return block.group(1);
  }

  /** The lines of this source between {@link #FROM} and {@link #TO}, without their indentation. */
  private static List<String> markedCode(String source) {
    List<String> lines = source.lines().toList();
    int from = lines.indexOf(INDENT + FROM);
    int to = lines.indexOf(INDENT + TO);
    assertThat(from).as("the marker %s", FROM).isNotNegative().isLessThan(to);
    return lines.subList(from + 1, to).stream().map(line -> line.substring(INDENT.length())).toList();
  }
}
