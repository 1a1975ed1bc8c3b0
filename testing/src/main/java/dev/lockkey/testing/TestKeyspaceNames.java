package dev.lockkey.testing;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Locale;

/**
 * The environment word of a test's key space: the test's name, readable in Redis and in messages,
 * and a hash of its JUnit unique id and of this JVM's run, so that no two tests share it, nor two
 * runs on one server (a {@code REDIS_URL} server outlives runs, and CI jobs may share it). A word of
 * the key format: a-z, 0-9 and '-', at most 64 characters, starting with a letter or digit.
 */
final class TestKeyspaceNames {
  private static final int READABLE_LENGTH = 40;
  private static final String RUN = HexFormat.of().formatHex(new SecureRandom().generateSeed(8));

  private TestKeyspaceNames() {}

  static String of(String testName, String uniqueId) {
    String readable = testName.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
    if (readable.length() > READABLE_LENGTH) {
      readable = readable.substring(0, READABLE_LENGTH).replaceAll("-+$", "");
    }
    return (readable.isEmpty() ? "test" : readable) + "-" + ShortHash.of(RUN + uniqueId);
  }
}
