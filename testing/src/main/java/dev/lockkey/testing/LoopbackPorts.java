package dev.lockkey.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.concurrent.ThreadLocalRandom;

/** Free TCP ports on 127.0.0.1. Another process may still take one before we bind it: callers retry. */
final class LoopbackPorts {
  /** Redis Cluster nodes also listen on their port + 10000 (the cluster bus). */
  static final int CLUSTER_BUS_OFFSET = 10000;

  private LoopbackPorts() {}

  /** A port that is free right now, chosen by the operating system. */
  static int free() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free loopback port", e);
    }
  }

  /**
   * A port that is free right now and whose cluster bus port is free too. Chosen below the
   * usual ephemeral range so that the bus port stays a valid port.
   */
  static int freeWithClusterBus() {
    for (int attempt = 0; attempt < 200; attempt++) {
      int port = ThreadLocalRandom.current().nextInt(20000, 30000);
      if (isFree(port) && isFree(port + CLUSTER_BUS_OFFSET)) {
        return port;
      }
    }
    throw new IllegalStateException("no free loopback port pair (port, port + 10000) in 20000..39999");
  }

  private static boolean isFree(int port) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
