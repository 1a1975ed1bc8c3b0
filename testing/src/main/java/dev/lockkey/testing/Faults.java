package dev.lockkey.testing;

import dev.lockkey.testing.TcpProxy.Direction;
import java.time.Duration;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The faults set on a proxy or on one of its connections: latency and black holes, per direction.
 * Guarded by the proxy's {@code signal} monitor, which every change notifies, so that the threads
 * forwarding bytes re-check their faults at once.
 */
final class Faults {
  private final Object signal;
  private final Map<Direction, Long> latencyNanos = new EnumMap<>(Direction.class);
  private final Set<Direction> blackHoled = EnumSet.noneOf(Direction.class);

  Faults(Object signal) {
    this.signal = signal;
  }

  void latency(Direction direction, Duration latency) {
    if (latency.isNegative()) {
      throw new IllegalArgumentException("a latency must not be negative, was " + latency);
    }
    synchronized (signal) {
      latencyNanos.put(direction, latency.toNanos());
      signal.notifyAll();
    }
  }

  void blackHole(Direction direction) {
    synchronized (signal) {
      blackHoled.add(direction);
      signal.notifyAll();
    }
  }

  void clear() {
    synchronized (signal) {
      latencyNanos.clear();
      blackHoled.clear();
      signal.notifyAll();
    }
  }

  /** The latency set for {@code direction}; the caller holds {@code signal}. */
  long latencyNanos(Direction direction) {
    return latencyNanos.getOrDefault(direction, 0L);
  }

  /** Whether {@code direction} is black-holed; the caller holds {@code signal}. */
  boolean blackHoled(Direction direction) {
    return blackHoled.contains(direction);
  }
}
