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
  private static final String KEY = "lock:prod:{document:summary:v1:2cf24dba5fb0a30e26e83b2ac5b9e29e}";

  @TempDir
  Path baseline;

  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private final PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);

  @BeforeEach
  void writeManifest() throws IOException {
    Files.writeString(baseline.resolve("com.acme.Document.properties"), SampleManifests.DOCUMENT);
  }

  private int run(String stdin, String... args) {
    return DecodeKey.run(args, new BufferedReader(new StringReader(stdin)), out);
  }

  @Test
  void decodesKeysGivenAsArguments() {
    int status = run("", "--manifests", baseline.toString(), KEY);

    assertThat(status).isZero();
    assertThat(printed.toString(StandardCharsets.UTF_8)).isEqualTo("""
        key       lock:prod:{document:summary:v1:2cf24dba5fb0a30e26e83b2ac5b9e29e}
        purpose   lock
        env       prod
        hash      #504f63b75297
        spec      com.acme.Document (document:summary:v1:{content})
          content sha256:2cf24dba5fb0a30e26e83b2ac5b9e29e

        """.replace("\n", System.lineSeparator()));
  }

  @Test
  void decodesKeysFromStandardInputAndFailsWhenOneIsUnknown() {
    int status = run(KEY + "\n\nfence:prod:{document:summary:v2:2cf24dba5fb0a30e26e83b2ac5b9e29e}\n",
        "--manifests", baseline.toString());

    assertThat(status).isEqualTo(1);
    assertThat(printed.toString(StandardCharsets.UTF_8))
        .contains("  content sha256:2cf24dba5fb0a30e26e83b2ac5b9e29e")
        .contains("unknown   none of the 1 known specs renders this body");
  }

  @Test
  void explainsItsUsage() {
    assertThat(run("", "--manifests")).isEqualTo(2);
    assertThat(printed.toString(StandardCharsets.UTF_8)).startsWith("usage: DecodeKey [--manifests <directory>]");
  }
}
