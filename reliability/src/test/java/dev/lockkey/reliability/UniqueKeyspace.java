package dev.lockkey.reliability;

import dev.lockkey.Keyspace;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Key spaces of their own for each test run, so that runs against one shared server (for example
 * {@code REDIS_URL}) never see each other's locks, counters or fenced values.
 */
final class UniqueKeyspace {
  private UniqueKeyspace() {}

  /** A key space whose environment is {@code prefix}, a dash and random hex digits. */
  static Keyspace of(String prefix) {
    return Keyspace.of(prefix + "-" + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 1));
  }
}
