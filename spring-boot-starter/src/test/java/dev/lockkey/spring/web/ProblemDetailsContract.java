package dev.lockkey.spring.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.codec.ResultCodec;
import dev.lockkey.idempotency.IdempotencyOptions;
import dev.lockkey.idempotency.IdempotentCalls;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.spring.SharedRedis;
import dev.lockkey.spring.ShipmentDispatchKey;
import dev.lockkey.spring.guard.ShipmentQuoteFingerprint;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * What a web client of a real server (a random port, a real HTTP client) gets when a guard says no:
 * RFC 9457 problem details with 409 or 429 and {@code Retry-After}, never a secret field's value,
 * and the application's own handler where it has one; and the health endpoint's {@code lockkey}
 * component, as docs/guides/spring-boot.md shows it. Run on Spring MVC and on WebFlux.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
abstract class ProblemDetailsContract {
  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  private static final String PROBLEM_JSON = "application/problem+json";

  @DynamicPropertySource
  static void redis(DynamicPropertyRegistry registry) {
    SharedRedis.register(registry, "web");
    registry.add("lockkey.secret", () -> "c2VjcmV0LWJ5dGVzLTEyMzQ1Njc4OTA=");
    registry.add("management.endpoint.health.show-details", () -> "always");
  }

  @Value("${local.server.port}") int port;
  @Autowired ApplicationContext context;
  @Autowired RedisLockExecutor locks;
  @Autowired IdempotentCalls calls;

  /** {@return the type of the web framework's dispatcher bean, which tells MVC from WebFlux} */
  abstract Class<?> dispatcher();

  @Test
  void itIsTheKindOfWebApplicationItSaysItIs() {
    assertThat(context.getBeanNamesForType(dispatcher())).isNotEmpty();
  }

  @Test
  void aDeniedCallIs429WithRetryAfterInWholeSeconds() throws Exception {
    long shipment = newShipment();
    assertThat(get("/shipments/" + shipment + "/quote").body()).isEqualTo("quoted " + shipment);

    HttpResponse<String> denied = get("/shipments/" + shipment + "/quote");

    assertProblem(denied, 429, "Too Many Requests");
    assertThat(denied.headers().firstValue("Retry-After")).hasValueSatisfying(seconds ->
        assertThat(Long.parseLong(seconds)).isBetween(1L, 60L));
    assertThat(denied.body()).contains("rate:").contains("shipment:dispatch:v1:acme:" + shipment)
        .contains("\"instance\":\"/shipments/" + shipment + "/quote\"");
  }

  @Test
  void aLockHeldElsewhereIs409() throws Exception {
    long shipment = newShipment();

    HttpResponse<String> refused = locks.withLock(ShipmentDispatchKey.of("acme", shipment),
        lease -> post("/shipments/" + shipment + "/dispatch"));

    assertProblem(refused, 409, "Conflict");
    assertThat(refused.body()).contains("lock:").contains("shipment:dispatch:v1:acme:" + shipment);
    assertThat(post("/shipments/" + shipment + "/dispatch").body()).isEqualTo("dispatched " + shipment);
  }

  @Test
  void anIdempotentCallInProgressIs409() throws Exception {
    long shipment = newShipment();
    String fingerprint = ShipmentQuoteFingerprint.of(ShipmentController.QUOTE);

    AtomicReference<HttpResponse<String>> duplicate = new AtomicReference<>();

    // the same call (key and payload) runs here while the client asks for it
    calls.run(ShipmentDispatchKey.of("acme", shipment), fingerprint, IdempotencyOptions.builder(ResultCodec.utf8())
        .build(), token -> {
          duplicate.set(get("/shipments/" + shipment + "/tracking"));
          return "held";
        });

    assertProblem(duplicate.get(), 409, "Conflict");
    assertThat(duplicate.get().body()).contains("idem:").contains("in progress");
  }

  @Test
  void anIdempotentRecordResultIsReplayedAsJson() throws Exception {
    long shipment = newShipment();
    String tracking = "{\"trackingId\":\"T-" + shipment + "\",\"pickedUp\":\"2026-12-02T06:00:00Z\"}";

    assertThat(get("/shipments/" + shipment + "/tracking").body()).isEqualTo(tracking);
    assertThat(get("/shipments/" + shipment + "/tracking").body()).as("replayed").isEqualTo(tracking);
  }

  @Test
  void theProblemNamesASecretFieldOnlyByItsDigest() throws Exception {
    String email = "ann-" + newShipment() + "@example.com";
    get("/customers?email=" + email);

    HttpResponse<String> denied = get("/customers?email=" + email);

    assertProblem(denied, 429, "Too Many Requests");
    assertThat(denied.body()).contains("customer:lookup:v1:").doesNotContain(email).doesNotContain("ann-");
  }

  @Test
  void theApplicationsOwnHandlerTakesPrecedence() throws Exception {
    long shipment = newShipment();
    get("/partners/shipments/" + shipment + "/quote");

    HttpResponse<String> denied = get("/partners/shipments/" + shipment + "/quote");

    assertThat(denied.statusCode()).isEqualTo(503);
    assertThat(denied.body()).isEqualTo("partner quotes are paused");
  }

  @Test
  void theHealthEndpointShowsTheLockKeyComponentWithShowDetails() throws Exception {
    HttpResponse<String> health = get("/actuator/health");

    assertThat(health.statusCode()).isEqualTo(200);
    // Jackson 3 (Boot 4) writes the component's properties sorted, Jackson 2 (Boot 3.5) as declared
    String details = "\"details\":\\{\"environment\":\"web-[0-9a-f]{8}\",\"ping\":\"PONG\","
        + "\"subscriber\":\"connected\",\"maxmemoryPolicy\":\"noeviction\"\\}";
    String up = "\"status\":\"UP\"";
    assertThat(health.body())
        .containsPattern("\"lockkey\":\\{(" + up + "," + details + "|" + details + "," + up + ")\\}");
  }

  /** A shipment no other test (nor run) touched: keys and rate counters are its own. */
  private static long newShipment() {
    return ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE);
  }

  private static void assertProblem(HttpResponse<String> response, int status, String title) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(type ->
        assertThat(type).startsWith(PROBLEM_JSON));
    assertThat(response.body()).contains("\"status\":" + status).contains("\"title\":\"" + title + "\"")
        .contains("\"detail\":\"");
  }

  private HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return send(HttpRequest.newBuilder(uri(path)).GET());
  }

  private HttpResponse<String> post(String path) throws IOException, InterruptedException {
    return send(HttpRequest.newBuilder(uri(path)).POST(HttpRequest.BodyPublishers.noBody()));
  }

  private static HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
    return HTTP.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
  }

  private URI uri(String path) {
    return URI.create("http://127.0.0.1:" + port + path);
  }
}
