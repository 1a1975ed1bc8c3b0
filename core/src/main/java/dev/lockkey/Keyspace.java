package dev.lockkey;

import dev.lockkey.format.Words;
import java.util.Objects;

/**
 * The environment that full keys live in: {@code Keyspace.of("prod").fullKey("lock", key)} is
 * {@code lock:prod:{payment:capture:v1:t42:98765}}. The braces are the Redis Cluster hash tag,
 * so every key derived from one body lands in one slot. Immutable and thread-safe.
 */
public final class Keyspace {
  private final String env;

  private Keyspace(String env) {
    this.env = env;
  }

  /**
   * @param env the environment word, e.g. {@code prod} or {@code staging}
   * @return the key space
   * @throws IllegalArgumentException when {@code env} is not a word of the key format
   */
  public static Keyspace of(String env) {
    return new Keyspace(Words.require("environment", env));
  }

  /**
   * The environment word.
   *
   * @return the environment word
   */
  public String env() {
    return env;
  }

  /**
   * The full key {@code purpose:env:{body}}.
   *
   * @param purpose the purpose word
   * @param key the key whose body goes inside the braces
   * @return the full key
   * @throws IllegalArgumentException when {@code purpose} is not a word of the key format
   */
  public String fullKey(String purpose, LockKey key) {
    return fullKey(purpose, key.canonical());
  }

  /**
   * The full key for a body already rendered by a {@link LockKey}.
   *
   * @param purpose the purpose word
   * @param body a body, e.g. {@code payment:capture:v1:t42:98765}
   * @return the full key
   */
  public String fullKey(String purpose, String body) {
    Words.require("purpose", purpose);
    Objects.requireNonNull(body, "body");
    return purpose + ':' + env + ":{" + body + '}';
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Keyspace other && other.env.equals(env);
  }

  @Override
  public int hashCode() {
    return env.hashCode();
  }

  @Override
  public String toString() {
    return "Keyspace[" + env + "]";
  }
}
