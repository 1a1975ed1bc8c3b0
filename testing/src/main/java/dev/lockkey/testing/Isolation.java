package dev.lockkey.testing;

/** How much of Redis a test has to itself; see {@link LockKeyTest#isolation()}. */
public enum Isolation {
  /**
   * A key space of its own on a server (and cluster) that the whole JVM shares, or the server
   * {@code REDIS_URL} names: fast, and enough for every test that does not harm the server.
   */
  KEYSPACE,
  /**
   * A server (and cluster) of its own, started for the test (or test class) and stopped after it,
   * also when {@code REDIS_URL} is set: for faults on the server itself (pause, slow down, kill,
   * restart, fail over).
   */
  SERVER
}
