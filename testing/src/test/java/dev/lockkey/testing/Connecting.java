package dev.lockkey.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A thread that opens connections to a proxy all the while, as a pool filling up or a client
 * reconnecting at once would: it keeps the newest few open and retries a refused one after a
 * millisecond. Closing it stops the thread and closes its connections.
 */
final class Connecting implements AutoCloseable {
  private static final int KEPT_OPEN = 16;
  private static final int CONNECT_TIMEOUT_MILLIS = 10_000;

  private final InetSocketAddress address;
  private final AtomicLong connected = new AtomicLong();
  private final Thread thread;
  private volatile boolean stopped;

  private Connecting(InetSocketAddress address) {
    this.address = address;
    this.thread = new Thread(this::run, "test-connecting");
  }

  /** Starts connecting to {@code proxy}. */
  static Connecting to(TcpProxy proxy) {
    Connecting connecting = new Connecting(new InetSocketAddress(proxy.address().getHost(), proxy.port()));
    connecting.thread.setDaemon(true);
    connecting.thread.start();
    return connecting;
  }

  /** How many connections were made so far. */
  long count() {
    return connected.get();
  }

  private void run() {
    Deque<Socket> open = new ArrayDeque<>();
    try {
      while (!stopped) {
        Socket socket = new Socket();
        try {
          socket.connect(address, CONNECT_TIMEOUT_MILLIS);
          open.addLast(socket);
          connected.incrementAndGet();
        } catch (IOException refused) {
          closeQuietly(socket);
          TimeUnit.MILLISECONDS.sleep(1);
        }
        if (open.size() > KEPT_OPEN) {
          closeQuietly(open.removeFirst());
        }
      }
    } catch (InterruptedException stop) {
      // closed: fall through to close the connections
    } finally {
      open.forEach(Connecting::closeQuietly);
    }
  }

  @Override
  public void close() throws InterruptedException {
    stopped = true;
    thread.interrupt();
    thread.join(TimeUnit.SECONDS.toMillis(10));
    if (thread.isAlive()) {
      throw new IllegalStateException("the connecting thread did not end");
    }
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException alreadyGone) {
      // closed either way
    }
  }
}
