package dev.lockkey.examples.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;

/** The service over HTTP, with its dev profile's own redis-server. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("dev")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PaymentApplicationTest {
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @LocalServerPort int port;
  @Autowired Ledger ledger;
  @Autowired RateSource rates;

  @Test
  void eightConcurrentCapturesOfOnePaymentCaptureItOnce() throws Exception {
    int threads = 8;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<String>> responses = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      responses.add(pool.submit(() -> {
        start.await();
        return post("/tenants/acme/payments/42/capture?amountMinor=1999");
      }));
    }
    start.countDown();
    int captured = 0;
    for (Future<String> response : responses) {
      String body = response.get(30, TimeUnit.SECONDS);
      assertThat(body).contains("\"paymentId\":42");
      captured += body.contains("\"captured\":true") ? 1 : 0;
    }
    pool.shutdown();
    assertThat(captured).isEqualTo(1);
    assertThat(ledger.find("acme", 42)).isPresent();
  }

  @Test
  void quotesOfOnePairAreFetchedUpstreamOnce() throws Exception {
    int before = rates.calls();
    for (int i = 0; i < 5; i++) {
      assertThat(get("/fx/EUR/USD")).isEqualTo("{\"rate\":1.0842}");
    }
    assertThat(get("/fx/eur/usd")).as("the spec is case-insensitive").isEqualTo("{\"rate\":1.0842}");
    assertThat(rates.calls() - before).isEqualTo(1);
  }

  @Test
  void actuatorShowsLockKeyHealthAndDecodesAKey() throws Exception {
    assertThat(get("/actuator/health")).contains("\"lockkey\":{\"status\":\"UP\"");
    String decoded = HTTP.send(HttpRequest.newBuilder(uri("/actuator/lockkey"))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString("{\"key\":\"lock:dev:{payment:capture:v1:acme:42}\"}"))
        .build(), HttpResponse.BodyHandlers.ofString()).body();
    assertThat(decoded).contains("\"outcome\":\"DECODED\"", "\"spec\":\"dev.lockkey.examples.spring.PaymentCapture\"",
        "{\"name\":\"paymentId\",\"type\":\"long\",\"form\":\"TEXT\",\"value\":\"42\"}");
    assertThat(get("/actuator/lockkey")).contains("\"layout\":\"payment:capture:v1:{tenant}:{paymentId}\"");
  }

  private String get(String path) throws IOException, InterruptedException {
    return HTTP.send(HttpRequest.newBuilder(uri(path)).GET().build(), HttpResponse.BodyHandlers.ofString()).body();
  }

  private String post(String path) throws IOException, InterruptedException {
    return HTTP.send(HttpRequest.newBuilder(uri(path)).POST(HttpRequest.BodyPublishers.noBody()).build(),
        HttpResponse.BodyHandlers.ofString()).body();
  }

  private URI uri(String path) {
    return URI.create("http://127.0.0.1:" + port + path);
  }
}
