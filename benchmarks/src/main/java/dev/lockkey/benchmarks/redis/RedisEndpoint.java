package dev.lockkey.benchmarks.redis;

/**
 * Where the benchmark Redis listens. Passed to forked JMH JVMs as a system property, so that every
 * fork talks to the one server the suite started.
 *
 * @param host the host, always loopback here
 * @param port the TCP port
 */
public record RedisEndpoint(String host, int port) {
  /** The system property that carries {@code host:port} into forked JVMs. */
  public static final String PROPERTY = "lockkey.bench.redis";

  /** This endpoint as the {@link #PROPERTY} value. */
  public String asProperty() {
    return host + ":" + port;
  }

  /**
   * The endpoint named by {@link #PROPERTY} in this JVM.
   *
   * @throws IllegalStateException when the property is not set
   */
  public static RedisEndpoint fromSystemProperty() {
    String value = System.getProperty(PROPERTY);
    if (value == null) {
      throw new IllegalStateException(
          "system property " + PROPERTY + " (host:port of the benchmark Redis) is not set");
    }
    int colon = value.lastIndexOf(':');
    return new RedisEndpoint(value.substring(0, colon), Integer.parseInt(value.substring(colon + 1)));
  }
}
