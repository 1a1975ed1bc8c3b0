package dev.lockkey.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import redis.clients.jedis.HostAndPort;

/**
 * Sends {@code DEBUG SLEEP} over a plain socket of its own and waits for the reply on a daemon
 * thread, so the caller goes on while the server sleeps. A plain socket, not Jedis, because the
 * caller must know the command left before it returns (Jedis flushes only when it reads).
 */
final class DebugSleep {
  /** How much longer than the sleep the reply may take before the thread gives up. */
  private static final Duration REPLY_GRACE = Duration.ofSeconds(30);

  private DebugSleep() {}

  static CompletableFuture<Void> send(HostAndPort node, Duration duration) {
    if (duration.isNegative()) {
      throw new IllegalArgumentException("a sleep must not be negative, was " + duration);
    }
    String seconds = String.format(Locale.ROOT, "%.3f", duration.toNanos() / 1e9);
    Socket socket = new Socket();
    try {
      socket.connect(new InetSocketAddress(node.getHost(), node.getPort()), 2000);
      socket.setSoTimeout(Math.toIntExact(duration.plus(REPLY_GRACE).toMillis()));
      OutputStream out = socket.getOutputStream();
      out.write(resp("DEBUG", "SLEEP", seconds));
      out.flush();
    } catch (IOException e) {
      close(socket);
      throw new UncheckedIOException("cannot send DEBUG SLEEP to " + node, e);
    }
    CompletableFuture<Void> done = new CompletableFuture<>();
    Thread reader = new Thread(() -> awaitReply(socket, node, done), "lockkey-debug-sleep-" + node.getPort());
    reader.setDaemon(true);
    reader.start();
    return done;
  }

  private static void awaitReply(Socket socket, HostAndPort node, CompletableFuture<Void> done) {
    try (socket) {
      String reply = readLine(socket.getInputStream());
      if (reply.startsWith("+OK")) {
        done.complete(null);
      } else {
        done.completeExceptionally(new IllegalStateException("DEBUG SLEEP on " + node + " answered " + reply));
      }
    } catch (IOException e) {
      done.completeExceptionally(new UncheckedIOException("DEBUG SLEEP on " + node + " got no answer", e));
    }
  }

  private static String readLine(InputStream in) throws IOException {
    StringBuilder line = new StringBuilder();
    for (int b = in.read(); b != '\n'; b = in.read()) {
      if (b < 0) {
        throw new IOException("connection closed after " + line);
      }
      line.append((char) b);
    }
    return line.toString().strip();
  }

  private static byte[] resp(String... words) {
    StringBuilder command = new StringBuilder("*").append(words.length).append("\r\n");
    for (String word : words) {
      command.append('$').append(word.length()).append("\r\n").append(word).append("\r\n");
    }
    return command.toString().getBytes(StandardCharsets.US_ASCII);
  }

  private static void close(Socket socket) {
    try {
      socket.close();
    } catch (IOException ignored) {
      // nothing was sent on it
    }
  }
}
