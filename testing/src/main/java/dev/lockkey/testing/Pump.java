package dev.lockkey.testing;

import dev.lockkey.testing.TcpProxy.Direction;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One direction of a proxied connection: a reader thread that takes bytes from one socket as they
 * arrive and stamps them, and a writer thread that hands them to the other socket once their
 * latency has passed and no black hole holds them. The queue between the two is bounded: when it
 * is full the reader stops reading, the kernel buffers fill and the sender blocks, as over a
 * congested network.
 */
final class Pump {
  private static final int CHUNK_BYTES = 16 * 1024;
  private static final int QUEUED_CHUNKS = 64;
  /** The end of the stream: ends the connection once everything before it was forwarded. */
  private static final Chunk END = new Chunk(0, new byte[0]);

  private record Chunk(long arrivalNanos, byte[] bytes) {}

  private final ProxiedConnection connection;
  private final Direction direction;
  private final Socket from;
  private final Socket to;
  private final BlockingQueue<Chunk> queue = new ArrayBlockingQueue<>(QUEUED_CHUNKS);
  private final AtomicLong bytes = new AtomicLong();

  Pump(ProxiedConnection connection, Direction direction, Socket from, Socket to) {
    this.connection = connection;
    this.direction = direction;
    this.from = from;
    this.to = to;
  }

  /** Bytes read from the sending side so far, forwarded or not. */
  long bytes() {
    return bytes.get();
  }

  /** The reader's work: runs until the sender closes or the connection ends. */
  void read() {
    byte[] buffer = new byte[CHUNK_BYTES];
    try {
      InputStream in = from.getInputStream();
      for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
        long arrival = System.nanoTime();
        bytes.addAndGet(n);
        byte[] chunk = Arrays.copyOf(buffer, n);
        connection.observe(direction, chunk);
        queue.put(new Chunk(arrival, chunk));
      }
      queue.put(END);
    } catch (IOException | InterruptedException e) {
      connection.abort();
    }
  }

  /** The writer's work: runs until the end of the stream was forwarded or the connection ends. */
  void write() {
    try {
      OutputStream out = to.getOutputStream();
      while (true) {
        Chunk chunk = queue.take();
        if (!connection.awaitDue(direction, chunk.arrivalNanos())) {
          return;
        }
        if (chunk == END) {
          connection.ended();
          return;
        }
        out.write(chunk.bytes());
        out.flush();
      }
    } catch (IOException | InterruptedException e) {
      connection.abort();
    }
  }
}
