package dev.lockkey.dynamodb;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An HTTP proxy on a loopback port in front of a DynamoDB endpoint that answers the next n
 * requests itself with DynamoDB's throttling error (HTTP 400,
 * {@code ProvisionedThroughputExceededException}) and forwards all others: DynamoDB throttling
 * on demand, which dynalite never does by itself. It also notes the operation of every request
 * (its {@code X-Amz-Target}), for tests of what a client calls.
 */
final class ThrottlingProxy implements AutoCloseable {
  private static final String THROTTLED = "{\"__type\":\"com.amazonaws.dynamodb.v20120810#"
      + "ProvisionedThroughputExceededException\",\"message\":\"The level of configured provisioned throughput for"
      + " the table was exceeded (LockKey test proxy)\"}";
  /** Headers that java.net.http sets itself and refuses to be given. */
  private static final Set<String> RESTRICTED = Set.of("host", "connection", "content-length", "expect", "upgrade");
  private static final List<String> RESPONSE_HEADERS = List.of("Content-Type", "x-amzn-RequestId", "x-amz-crc32");

  private final HttpServer server;
  private final ExecutorService threads = Executors.newFixedThreadPool(4);
  private final HttpClient forward = HttpClient.newBuilder()
      .version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(2))
      .build();
  private final URI target;
  private final AtomicInteger toThrottle = new AtomicInteger();
  private final AtomicInteger requests = new AtomicInteger();
  private final List<String> operations = new CopyOnWriteArrayList<>();

  ThrottlingProxy(int targetPort) {
    this.target = URI.create("http://127.0.0.1:" + targetPort + "/");
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the proxy's port", e);
    }
    server.createContext("/", this::handle);
    server.setExecutor(threads);
    server.start();
  }

  int port() {
    return server.getAddress().getPort();
  }

  /** Answers the next {@code count} requests with throttling. */
  void throttleNext(int count) {
    toThrottle.set(count);
  }

  /** The operations of the requests received so far, in order, e.g. {@code UpdateItem}. */
  List<String> operations() {
    return List.copyOf(operations);
  }

  /** Requests received so far, throttled or forwarded. */
  int requests() {
    return requests.get();
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      requests.incrementAndGet();
      String operation = exchange.getRequestHeaders().getFirst("X-Amz-Target"); // DynamoDB_20120810.UpdateItem
      operations.add(operation == null ? "" : operation.substring(operation.indexOf('.') + 1));
      byte[] body;
      try (InputStream in = exchange.getRequestBody()) {
        body = in.readAllBytes();
      }
      if (toThrottle.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
        exchange.getResponseHeaders().set("Content-Type", "application/x-amz-json-1.0");
        respond(exchange, 400, THROTTLED.getBytes(StandardCharsets.UTF_8));
        return;
      }
      HttpRequest.Builder request = HttpRequest.newBuilder(target.resolve(exchange.getRequestURI().getRawPath()))
          .timeout(Duration.ofSeconds(10))
          .method(exchange.getRequestMethod(), HttpRequest.BodyPublishers.ofByteArray(body));
      exchange.getRequestHeaders().forEach((name, values) -> {
        if (!RESTRICTED.contains(name.toLowerCase(Locale.ROOT))) {
          values.forEach(value -> request.header(name, value));
        }
      });
      HttpResponse<byte[]> response;
      try {
        response = forward.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        respond(exchange, 502, new byte[0]);
        return;
      }
      for (String name : RESPONSE_HEADERS) {
        response.headers().firstValue(name).ifPresent(value -> exchange.getResponseHeaders().set(name, value));
      }
      respond(exchange, response.statusCode(), response.body());
    }
  }

  private static void respond(HttpExchange exchange, int status, byte[] body) throws IOException {
    exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }
}
