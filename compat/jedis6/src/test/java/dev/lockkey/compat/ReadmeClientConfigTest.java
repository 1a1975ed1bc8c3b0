package dev.lockkey.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.ReadmeCode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.SslOptions;

/**
 * The client configuration of the locks guide's first block (docs/guides/locks.md) is API of every
 * Jedis lockkey-redis supports: its lines stand in {@link #readmeClientConfig} word for word, compiled here against
 * Jedis 6.0, the lowest (Jedis 8's {@code SslOptions.defaults()} is not in it). The rest of the
 * block builds a {@code RedisClient}, which is Jedis 7.2+, as the setup guide says. The block is
 * marked {@code <!-- checked: redis-client-config -->} ({@link ReadmeCode} finds it on any page of the
 * documentation), so that removing it fails here.
 */
class ReadmeClientConfigTest {
  private static final Path THIS_SOURCE = Path.of("src/test/java/dev/lockkey/compat/ReadmeClientConfigTest.java");
  private static final String START = "DefaultJedisClientConfig.builder()";

  /** The guide's client configuration, as an expression. */
  private static JedisClientConfig readmeClientConfig(String pw) {
    return DefaultJedisClientConfig.builder().user("lockkey").password(pw)
        .sslOptions(SslOptions.builder().build())   // TLS, verifying the server against the JVM's trust store
        .connectionTimeoutMillis(500).socketTimeoutMillis(500).build();
  }

  @Test
  void theReadmesClientConfigurationIsTheCodeAbove() throws IOException {
    List<String> readme = ReadmeCode.block("redis-client-config").lines().toList();
    List<String> source = Files.readAllLines(THIS_SOURCE, StandardCharsets.UTF_8);

    // in the guide the configuration is the argument of clientConfig(...), here the returned value
    assertThat(configuration(source, "return ", ";")).isEqualTo(configuration(readme, ".clientConfig(", ")"));
  }

  /**
   * The lines from {@code before} {@link #START} to the first that ends with {@code build()} and
   * {@code end}, stripped, without {@code before} and {@code end}.
   */
  private static List<String> configuration(List<String> lines, String before, String end) {
    int from = 0;
    while (from < lines.size() && !lines.get(from).contains(before + START)) {
      from++;
    }
    int to = from;
    while (to < lines.size() && !lines.get(to).strip().endsWith(".build()" + end)) {
      to++;
    }
    assertThat(to).as("a client configuration from %s%s to build()%s", before, START, end).isLessThan(lines.size());
    List<String> code = new ArrayList<>(lines.subList(from, to + 1).stream().map(String::strip).toList());
    code.set(0, code.get(0).substring(code.get(0).indexOf(before + START) + before.length()));
    String last = code.get(code.size() - 1);
    code.set(code.size() - 1, last.substring(0, last.length() - end.length()));
    return code;
  }
}
