package dev.lockkey.testing;

import dev.lockkey.testing.TcpProxy.Direction;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One client connection through a {@link TcpProxy}, for faults on it alone: e.g. black-hole only
 * the connection that a client subscribed on, and leave its command connections working.
 * Its faults add to the proxy's (latencies add up; a direction is black-holed when either says so).
 *
 * <pre>{@code
 * ProxiedConnection subscriber = proxy.connections().stream()
 *     .filter(connection -> connection.hasSent("SUBSCRIBE"))
 *     .findFirst().orElseThrow();
 * subscriber.blackHole();   // the client's subscription goes silent; other connections work
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class ProxiedConnection {
  /**
   * How much of what the client sent is kept for {@link #sentText()}: enough for a pooled
   * connection that sent the lock scripts' sources by EVAL (several KB each, on first use) before
   * a subscriber took it and sent SUBSCRIBE.
   */
  static final int CAPTURED_BYTES = 65536;

  private final long id;
  private final Socket client;
  private final Socket server;
  private final Object signal;
  private final Faults proxyFaults;
  private final Faults faults;
  private final Runnable onEnd;
  private final Map<Direction, Pump> pumps = new EnumMap<>(Direction.class);
  private final ByteArrayOutputStream sent = new ByteArrayOutputStream();
  private boolean closed;

  ProxiedConnection(long id, Socket client, Socket server, Object signal, Faults proxyFaults, Runnable onEnd) {
    this.id = id;
    this.client = client;
    this.server = server;
    this.signal = signal;
    this.proxyFaults = proxyFaults;
    this.faults = new Faults(signal);
    this.onEnd = onEnd;
    pumps.put(Direction.REQUESTS, new Pump(this, Direction.REQUESTS, client, server));
    pumps.put(Direction.REPLIES, new Pump(this, Direction.REPLIES, server, client));
  }

  Pump pump(Direction direction) {
    return pumps.get(direction);
  }

  /**
   * The connection's number in the order the proxy accepted them.
   *
   * @return 1 for the first connection, 2 for the next, and so on
   */
  public long id() {
    return id;
  }

  /**
   * How many bytes the proxy received in one direction so far, forwarded or held.
   *
   * @param direction requests (from the client) or replies (from the server)
   * @return the byte count
   */
  public long bytes(Direction direction) {
    return pumps.get(direction).bytes();
  }

  /**
   * The first 4 KiB the client sent, as ISO-8859-1 text: Redis commands are readable in it,
   * e.g. {@code *2\r\n$9\r\nSUBSCRIBE\r\n...}.
   *
   * @return the captured bytes, one character each
   */
  public String sentText() {
    synchronized (sent) {
      return sent.toString(StandardCharsets.ISO_8859_1);
    }
  }

  /**
   * Whether the client's first 4 KiB contain {@code text}, ignoring case: e.g.
   * {@code hasSent("SUBSCRIBE")} picks the connection a client subscribed on.
   *
   * @param text what to look for, e.g. a command name
   * @return whether it was sent
   */
  public boolean hasSent(String text) {
    return sentText().toUpperCase(Locale.ROOT).contains(text.toUpperCase(Locale.ROOT));
  }

  /**
   * Whether the connection is open: neither side closed it and it was not reset. A close waits
   * behind the bytes sent before it: while a black hole holds those, the connection stays open.
   *
   * @return whether the connection is open
   */
  public boolean isOpen() {
    synchronized (signal) {
      return !closed;
    }
  }

  /**
   * Delays the bytes of both directions: a round trip takes twice that longer.
   *
   * @param latency the delay in each direction; zero removes it
   */
  public void latency(Duration latency) {
    faults.latency(Direction.REQUESTS, latency);
    faults.latency(Direction.REPLIES, latency);
  }

  /**
   * Delays the bytes of one direction, e.g. only {@link Direction#REPLIES}.
   *
   * @param direction which bytes to delay
   * @param latency the delay; zero removes it
   */
  public void latency(Direction direction, Duration latency) {
    faults.latency(direction, latency);
  }

  /**
   * Stops forwarding in both directions, keeping the connection open: the client waits for its
   * socket timeout, as behind a dead network path. Bytes sent meanwhile are held (up to about
   * 1 MiB a direction, then the sender blocks) and delivered on {@link #heal()}, as TCP would
   * deliver them once the path is back; a close is held too.
   */
  public void blackHole() {
    faults.blackHole(Direction.REQUESTS);
    faults.blackHole(Direction.REPLIES);
  }

  /**
   * Stops forwarding in one direction only, e.g. replies: requests reach the server, nothing comes
   * back.
   *
   * @param direction which bytes to hold
   */
  public void blackHole(Direction direction) {
    faults.blackHole(direction);
  }

  /** Removes this connection's own latency and black holes; the proxy's stay. */
  public void heal() {
    faults.clear();
  }

  /** Resets the connection at once (RST to both sides, SO_LINGER 0): both see "connection reset". */
  public void reset() {
    abort();
  }

  /** Keeps the first bytes the client sent, for {@link #hasSent}. */
  void observe(Direction direction, byte[] chunk) {
    if (direction == Direction.REQUESTS) {
      synchronized (sent) {
        sent.write(chunk, 0, Math.min(chunk.length, Math.max(0, CAPTURED_BYTES - sent.size())));
      }
    }
  }

  /**
   * Waits until bytes that arrived at {@code arrivalNanos} may go on in {@code direction}: their
   * latency has passed and no black hole holds them. Rechecks whenever a fault changes.
   *
   * @return false when the connection ended meanwhile
   */
  boolean awaitDue(Direction direction, long arrivalNanos) throws InterruptedException {
    synchronized (signal) {
      while (!closed) {
        if (faults.blackHoled(direction) || proxyFaults.blackHoled(direction)) {
          signal.wait();
          continue;
        }
        long latency = faults.latencyNanos(direction) + proxyFaults.latencyNanos(direction);
        long left = arrivalNanos + latency - System.nanoTime();
        if (left <= 0) {
          return true;
        }
        TimeUnit.NANOSECONDS.timedWait(signal, left);
      }
      return false;
    }
  }

  /**
   * One side closed and everything it sent before was forwarded: the proxy closes both sides, as
   * Redis and its clients never half-close a connection on purpose.
   */
  void ended() {
    close(false);
  }

  /** Ends the connection after an error, a reset or the proxy's close: both sides get an RST. */
  void abort() {
    close(true);
  }

  private void close(boolean reset) {
    synchronized (signal) {
      if (closed) {
        return;
      }
      closed = true;
      signal.notifyAll();
    }
    close(client, reset);
    close(server, reset);
    onEnd.run();
  }

  private static void close(Socket socket, boolean reset) {
    try {
      if (reset) {
        socket.setSoLinger(true, 0);
      }
      socket.close();
    } catch (IOException alreadyGone) {
      // the socket is closed either way
    }
  }

  @Override
  public String toString() {
    return "ProxiedConnection[" + id + ", " + (isOpen() ? "open" : "closed") + ", requests "
        + bytes(Direction.REQUESTS) + " B, replies " + bytes(Direction.REPLIES) + " B]";
  }
}
