package dev.lockkey.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The demo as a newcomer runs it: its exit status, its summary, its Redis stopped, its one-line failures. */
@Timeout(60)
class DemoCommandTest {
  private static final Pattern STARTED = Pattern.compile("at 127\\.0\\.0\\.1:(\\d+) \\(started for this demo\\)");

  @Test
  void theDemoExitsZeroWithEveryClaimHeldAndStopsTheRedisItStarted() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int status = Demo.run(
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));

    String printed = out.toString(StandardCharsets.UTF_8);
    assertThat(status).as(printed + err.toString(StandardCharsets.UTF_8)).isZero();
    assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    assertThat(printed).contains("Summary").doesNotContain(" NO");
    assertThat(printed.lines().filter(line -> line.endsWith(" yes"))).hasSize(9);
    Matcher started = STARTED.matcher(printed);
    if (started.find()) { // not when REDIS_URL names a server of the test environment
      int port = Integer.parseInt(started.group(1));
      assertThatThrownBy(() -> new Socket("127.0.0.1", port).close()).isInstanceOf(IOException.class);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "redis://127.0.0.1:1", // nothing listens there
      "redis://demo:hunter2@127.0.0.1:1", // the password must not be printed
      "redis://127.0.0.1", // no port
      "http://127.0.0.1:6379",
      "not a url at all"})
  void aBadRedisUrlEndsTheDemoWithOneLineOnStandardErrorAndStatusTwo(String redisUrl) throws Exception {
    Path javaBin = Path.of(System.getProperty("java.home"), "bin", "java");
    ProcessBuilder demo = new ProcessBuilder(javaBin.toString(), "-cp", System.getProperty("java.class.path"),
        Demo.class.getName());
    demo.environment().put("REDIS_URL", redisUrl);
    Process process = demo.start();
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();

    List<String> errLines =
        new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    String stdout = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.exitValue()).isEqualTo(2);
    assertThat(errLines).singleElement().asString().startsWith("lockkey demo: ").doesNotContain("hunter2");
    assertThat(stdout).isEmpty();
  }
}
