package dev.lockkey.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.concurrent.ThreadLocalRandom;

/** Free TCP ports on 127.0.0.1. Another process may still take one before we bind it: callers retry. */
final class LoopbackPorts {
  /** Redis Cluster nodes also listen on their port + 10000 (the cluster bus). */
  static final int CLUSTER_BUS_OFFSET = 10000;

  private LoopbackPorts() {}

  /**
   * A port that is free right now, below the ephemeral range (32768 and up on Linux) and the
   * cluster range: a server restarted on its port must find it free, and the kernel hands out a
   * released ephemeral port to the next client socket that connects anywhere, which happens
   * often while clients retry against a stopped server.
   */
  static int free() {
    for (int attempt = 0; attempt < 200; attempt++) {
      int port = ThreadLocalRandom.current().nextInt(10000, 20000);
      if (isFree(port)) {
        return port;
      }
    }
    throw new IllegalStateException("no free loopback port in 10000..19999");
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
