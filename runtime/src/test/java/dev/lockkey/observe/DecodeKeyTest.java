package dev.lockkey.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The operator's command line: keys as arguments or on standard input, specs from a directory of manifests. */
class DecodeKeyTest {
  private static final String PAYMENT_CAPTURE = """
      manifest=1
      spec=com.acme.PaymentCapture
      domain=payment
      action=capture
      version=1
      layout=payment:capture:v1:{tenant}:{orderId}
      fields=tenant,orderId
      field.tenant.type=java.lang.String
      field.tenant.modifiers=
      field.orderId.type=long
      field.orderId.modifiers=
      """;

  @TempDir
  Path baseline;

  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private final PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);

  @BeforeEach
  void writeManifest() throws IOException {
    Files.writeString(baseline.resolve("com.acme.PaymentCapture.properties"), PAYMENT_CAPTURE);
  }

  private int run(String stdin, String... args) {
    return DecodeKey.run(args, new BufferedReader(new StringReader(stdin)), out);
  }

  @Test
  void decodesKeysGivenAsArguments() {
    int status = run("", "--manifests", baseline.toString(), "lock:prod:{payment:capture:v1:acme%3Aeu:98765}");

    assertThat(status).isZero();
    assertThat(printed.toString(StandardCharsets.UTF_8)).isEqualTo("""
        key       lock:prod:{payment:capture:v1:acme%3Aeu:98765}
        purpose   lock
        env       prod
        hash      #30d40d9250e0
        spec      com.acme.PaymentCapture (payment:capture:v1:{tenant}:{orderId})
          tenant  acme:eu
          orderId 98765

        """.replace("\n", System.lineSeparator()));
  }

  @Test
  void decodesKeysFromStandardInputAndFailsWhenOneIsUnknown() {
    int status = run("lock:prod:{payment:capture:v1:t42:1}\n\nfence:prod:{payment:capture:v2:t42:1}\n",
        "--manifests", baseline.toString());

    assertThat(status).isEqualTo(1);
    assertThat(printed.toString(StandardCharsets.UTF_8))
        .contains("  tenant  t42")
        .contains("unknown   none of the 1 known specs renders this body");
  }

  @Test
  void explainsItsUsage() {
    assertThat(run("", "--manifests")).isEqualTo(2);
    assertThat(printed.toString(StandardCharsets.UTF_8)).startsWith("usage: DecodeKey [--manifests <directory>]");
  }
}
