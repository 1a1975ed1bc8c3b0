package dev.lockkey.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import redis.clients.jedis.HostAndPort;

/**
 * A TCP proxy on 127.0.0.1 in front of a server, for network faults between a client and Redis:
 * latency, black holes (connections stay open, bytes stop), resets, refused connections. Point
 * the client at {@link #address()} instead of the server. Faults apply to every connection, open
 * and future, until {@link #heal()}; {@link #connections()} gives each open connection for faults
 * on it alone. Each connection is forwarded by four threads (a reader and a writer per
 * direction) with a bounded buffer; {@link #close()} ends them all.
 *
 * <pre>{@code
 * try (RedisFixture redis = RedisFixture.startLocal();
 *     TcpProxy proxy = TcpProxy.start(redis.node().address());
 *     RedisClient client = RedisClient.builder().hostAndPort(proxy.address()).build()) {
 *   proxy.latency(Direction.REPLIES, Duration.ofMillis(50)); // every reply 50 ms late
 *   proxy.blackHole();                                       // calls time out, sockets stay open
 *   proxy.resetConnections();                                // "connection reset" on every open one
 *   proxy.refuseConnections();                               // new connections are refused
 *   proxy.cut();                                             // both: no connection left, none new
 *   proxy.heal();                                            // all back to normal
 * }
 * }</pre>
 *
 * <p>Not for Redis Cluster nodes: a cluster client learns node addresses from CLUSTER SLOTS and
 * would bypass the proxy; use {@link RedisNode#pause()} or {@link RedisNode#debugSleep} on
 * {@link RedisClusterFixture#nodeServing(String)} instead. Thread-safe.
 */
public final class TcpProxy implements AutoCloseable {
  /** Which way bytes flow through the proxy. */
  public enum Direction {
    /** From the client to the server: commands. */
    REQUESTS,
    /** From the server to the client: replies and pushed messages. */
    REPLIES
  }

  private static final int START_ATTEMPTS = 3;
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
  private static final Duration THREAD_STOP_TIMEOUT = Duration.ofSeconds(10);

  private final HostAndPort target;
  private final int port;
  private final Object signal = new Object();
  private final Faults faults = new Faults(signal);
  private final AtomicLong ids = new AtomicLong();
  private final Map<Long, ProxiedConnection> open = new ConcurrentSkipListMap<>();
  private final Set<Thread> threads = ConcurrentHashMap.newKeySet();
  private ServerSocket listener;
  private Thread acceptor;
  private boolean closed;

  private TcpProxy(HostAndPort target, ServerSocket listener) {
    this.target = target;
    this.listener = listener;
    this.port = listener.getLocalPort();
  }

  /**
   * Starts a proxy on a free port of 127.0.0.1 that forwards to {@code target}.
   *
   * @param target the server, on a loopback address
   * @return the running proxy; the caller closes it
   * @throws IllegalArgumentException when {@code target} is not a loopback address: faults stay local
   * @throws UncheckedIOException when no port could be bound
   */
  public static TcpProxy start(HostAndPort target) {
    try {
      if (!InetAddress.getByName(target.getHost()).isLoopbackAddress()) {
        throw new IllegalArgumentException("a proxy forwards to loopback addresses only, not " + target);
      }
    } catch (IOException e) {
      throw new IllegalArgumentException("unknown host " + target.getHost(), e);
    }
    IOException failure = null;
    for (int attempt = 0; attempt < START_ATTEMPTS; attempt++) {
      try {
        TcpProxy proxy = new TcpProxy(target, bind(LoopbackPorts.free()));
        proxy.startAccepting();
        return proxy;
      } catch (IOException portTakenMeanwhile) {
        failure = portTakenMeanwhile;
      }
    }
    throw new UncheckedIOException("cannot bind a proxy port on 127.0.0.1", failure);
  }

  /**
   * Where clients connect instead of the server.
   *
   * @return 127.0.0.1 and the proxy's port
   */
  public HostAndPort address() {
    return new HostAndPort("127.0.0.1", port);
  }

  /**
   * The proxy's port.
   *
   * @return the port on 127.0.0.1
   */
  public int port() {
    return port;
  }

  /**
   * The server the proxy forwards to.
   *
   * @return the address given to {@link #start(HostAndPort)}
   */
  public HostAndPort target() {
    return target;
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
   * Delays the bytes of one direction by {@code latency}, e.g. {@code latency(REPLIES, 50 ms)}
   * makes every call 50 ms slower. Bytes keep their order; throughput is not limited.
   *
   * @param direction which bytes to delay
   * @param latency the delay; zero removes it
   */
  public void latency(Direction direction, Duration latency) {
    faults.latency(direction, latency);
  }

  /**
   * Stops forwarding in both directions, keeping every connection open (new ones are accepted and
   * held too): clients wait for their socket timeouts, as behind a dead network path. Bytes sent
   * meanwhile are held (up to about 1 MiB per direction and connection, then the sender blocks)
   * and delivered on {@link #heal()}, as TCP would once the path is back.
   */
  public void blackHole() {
    faults.blackHole(Direction.REQUESTS);
    faults.blackHole(Direction.REPLIES);
  }

  /**
   * Stops forwarding in one direction only, e.g. replies: commands run, their replies never arrive.
   *
   * @param direction which bytes to hold
   */
  public void blackHole(Direction direction) {
    faults.blackHole(direction);
  }

  /**
   * Resets every open connection at once (RST to both sides, SO_LINGER 0): clients get
   * "connection reset" on their next read or write. New connections work, including one the
   * proxy is accepting meanwhile: to leave no connection open, {@link #cut()}.
   */
  public void resetConnections() {
    connections().forEach(ProxiedConnection::reset);
  }

  /**
   * Cuts every client off the server until {@link #heal()}: refuses new connections, then resets
   * every open one. When this returns no connection through the proxy is open, not even one a
   * client (a pool filling up, a reconnect) made while it ran: refusing first ends the accepting
   * thread, so that every connection it accepted is open, and reset, by then. Resetting first
   * would spare one accepted between the two steps.
   */
  public void cut() {
    refuseConnections();
    resetConnections();
  }

  /**
   * Closes the proxy's port until {@link #heal()}: new connections are refused, open ones go on.
   * Connections waiting in the accept backlog are reset.
   */
  public void refuseConnections() {
    Thread accepting;
    synchronized (this) {
      if (listener == null) {
        return;
      }
      closeQuietly(listener);
      listener = null;
      accepting = acceptor;
    }
    // the port is released only once the thread blocked in accept() has left it
    join(accepting, System.nanoTime() + THREAD_STOP_TIMEOUT.toNanos());
  }

  /**
   * Removes every fault: the proxy's and every connection's latency and black holes (held bytes
   * are delivered now), and accepts connections again.
   *
   * @throws UncheckedIOException when the port cannot be bound again (another process took it)
   */
  public void heal() {
    faults.clear();
    connections().forEach(ProxiedConnection::heal);
    synchronized (this) {
      if (listener == null && !closed) {
        try {
          listener = bind(port);
        } catch (IOException e) {
          throw new UncheckedIOException("cannot accept connections on port " + port + " again", e);
        }
        startAccepting();
      }
    }
  }

  /**
   * The open connections, for faults on one of them.
   *
   * @return a snapshot, oldest first
   */
  public List<ProxiedConnection> connections() {
    List<ProxiedConnection> connections = new ArrayList<>(open.values());
    // not one closing meanwhile (its other side closed it, say): it leaves the map only after its sockets
    connections.removeIf(connection -> !connection.isOpen());
    return connections;
  }

  /**
   * Stops accepting, resets every open connection and waits (bounded) until every thread of the
   * proxy ended.
   *
   * @throws IllegalStateException when a thread is still alive after 10 seconds
   */
  @Override
  public void close() {
    synchronized (this) {
      closed = true;
      if (listener != null) {
        closeQuietly(listener);
        listener = null;
      }
    }
    resetConnections();
    long deadline = System.nanoTime() + THREAD_STOP_TIMEOUT.toNanos();
    for (Thread thread : List.copyOf(threads)) {
      thread.interrupt();
      join(thread, deadline);
    }
  }

  private void join(Thread thread, long deadlineNanos) {
    try {
      thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime())));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for " + thread.getName() + " of " + this, e);
    }
    if (thread.isAlive()) {
      throw new IllegalStateException(thread.getName() + " of " + this + " did not end within " + THREAD_STOP_TIMEOUT);
    }
  }

  @Override
  public String toString() {
    return "TcpProxy[127.0.0.1:" + port + " -> " + target + "]";
  }

  private static ServerSocket bind(int port) throws IOException {
    ServerSocket socket = new ServerSocket();
    try {
      socket.setReuseAddress(true);
      socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 128);
      return socket;
    } catch (IOException e) {
      closeQuietly(socket);
      throw e;
    }
  }

  /** Starts a thread accepting on the current listener; the caller holds this proxy's lock or owns it alone. */
  private void startAccepting() {
    ServerSocket accepting = listener;
    acceptor = spawn("accept", () -> accept(accepting));
  }

  private void accept(ServerSocket accepting) {
    while (true) {
      Socket client;
      try {
        client = accepting.accept();
      } catch (IOException closedByRefuseOrClose) {
        return;
      }
      if (accepting.isClosed()) { // accepted while refuseConnections() closed the port
        resetQuietly(client);
        return;
      }
      Socket server = new Socket();
      try {
        client.setTcpNoDelay(true);
        server.setTcpNoDelay(true);
        server.connect(new InetSocketAddress(target.getHost(), target.getPort()),
            Math.toIntExact(CONNECT_TIMEOUT.toMillis()));
      } catch (IOException serverUnreachable) {
        // the client sees its connection reset, as close to "refused" as a proxy can say
        resetQuietly(client);
        closeQuietly(server);
        continue;
      }
      forward(client, server);
    }
  }

  private void forward(Socket client, Socket server) {
    long id = ids.incrementAndGet();
    List<Thread> pumps = new ArrayList<>();
    ProxiedConnection connection = new ProxiedConnection(id, client, server, signal, faults, () -> {
      open.remove(id);
      synchronized (pumps) {
        pumps.forEach(Thread::interrupt);
      }
    });
    synchronized (this) {
      if (closed) {
        connection.abort();
        return;
      }
      open.put(id, connection);
    }
    synchronized (pumps) {
      for (Direction direction : Direction.values()) {
        Pump pump = connection.pump(direction);
        String name = id + "-" + direction.name().toLowerCase(Locale.ROOT);
        pumps.add(spawn(name + "-in", pump::read));
        pumps.add(spawn(name + "-out", pump::write));
      }
    }
  }

  private Thread spawn(String name, Runnable work) {
    // ended threads leave the set only here, so that close() joins every thread that may still run
    threads.removeIf(ended -> !ended.isAlive());
    Thread thread = new Thread(work, "lockkey-proxy-" + port + "-" + name);
    thread.setDaemon(true);
    threads.add(thread);
    thread.start();
    return thread;
  }

  private static void resetQuietly(Socket socket) {
    try {
      socket.setSoLinger(true, 0);
    } catch (IOException ignored) {
      // closed already: nothing to reset
    }
    closeQuietly(socket);
  }

  private static void closeQuietly(AutoCloseable closeable) {
    try {
      closeable.close();
    } catch (Exception ignored) {
      // closing is all that is wanted; a socket that fails to close is gone anyway
    }
  }
}
