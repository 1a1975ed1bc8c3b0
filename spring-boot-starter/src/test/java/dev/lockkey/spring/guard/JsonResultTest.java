package dev.lockkey.spring.guard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.codec.Jackson3Codec;
import dev.lockkey.codec.JacksonCodec;
import dev.lockkey.codec.ResultCodec;
import dev.lockkey.guard.FencingToken;
import dev.lockkey.guard.Idempotent;
import dev.lockkey.spring.SharedRedis;
import dev.lockkey.spring.ShipmentDispatch;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.util.ClassUtils;

/**
 * An {@code @Idempotent} method returning a record, with no codec of the application's: stored as
 * JSON through the application's Jackson mapper bean, the Jackson of its Spring Boot (3 on Boot 4,
 * 2 on Boot 3.5), which is all the class path has; nothing else to add.
 */
@SpringBootTest(properties = "spring.jackson.property-naming-strategy=SNAKE_CASE")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class JsonResultTest {
  private static final boolean BOOT_4 = SpringBootVersion.getVersion().startsWith("4.");

  /** The application: every auto-configuration on the class path and the bean; no codec bean. */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class App {
    @Bean
    Tracker tracker() {
      return new Tracker();
    }
  }

  /** Tracks shipments once per shipment and quote. */
  public static class Tracker {
    private final AtomicInteger runs = new AtomicInteger();

    @Idempotent(ShipmentDispatch.class)
    public Tracking track(String tenant, long shipmentId, ShipmentQuote quote, FencingToken token) {
      runs.incrementAndGet();
      return new Tracking("T-" + shipmentId, Instant.parse("2026-12-02T06:00:00Z"), token.value());
    }

    /** Through the proxy, which has fields of its own. */
    int runs() {
      return runs.get();
    }
  }

  /**
   * A tracking number with a {@code java.time} field, which a bare Jackson 2 mapper cannot write.
   *
   * @param trackingId the carrier's number
   * @param pickedUp when the carrier took it
   * @param fencingToken the token of the run
   */
  public record Tracking(String trackingId, Instant pickedUp, long fencingToken) {}

  @DynamicPropertySource
  static void redis(DynamicPropertyRegistry registry) {
    SharedRedis.register(registry, "json");
  }

  @Autowired Tracker tracker;
  @Autowired BeanFactory beans;

  @Test
  void aRecordResultIsStoredAndReplayedEqual() {
    int runs = tracker.runs();
    Tracking first = tracker.track("acme", 31, new ShipmentQuote(900, "DE"), null);

    Tracking replayed = tracker.track("acme", 31, new ShipmentQuote(900, "DE"), null);

    assertThat(replayed).isEqualTo(first);
    assertThat(first.pickedUp()).isEqualTo(Instant.parse("2026-12-02T06:00:00Z"));
    assertThat(tracker.runs()).isEqualTo(runs + 1);
  }

  @Test
  void theApplicationsMapperOfItsBootsJacksonWritesTheJson() {
    ResultCodec<?> codec = ApplicationMapperCodecs.find(beans, Tracking.class);

    assertThat(codec).isInstanceOf(BOOT_4 ? Jackson3Codec.class : JacksonCodec.class);
    @SuppressWarnings("unchecked")
    byte[] json = ((ResultCodec<Tracking>) codec).encode(new Tracking("T-1", Instant.EPOCH, 7));
    assertThat(new String(json, StandardCharsets.UTF_8)).as("spring.jackson.* applies")
        .contains("\"tracking_id\":\"T-1\"").contains("\"fencing_token\":7");
  }

  @Test
  void theClassPathHasOnlyItsBootsJackson() {
    ClassLoader loader = getClass().getClassLoader();
    assertThat(ClassUtils.isPresent("tools.jackson.databind.json.JsonMapper", loader)).isEqualTo(BOOT_4);
    assertThat(ClassUtils.isPresent("com.fasterxml.jackson.databind.ObjectMapper", loader)).isEqualTo(!BOOT_4);
  }
}
