package dev.lockkey.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

/** Jackson 3's codec: what its default mapper writes, the application's mapper, and bytes it cannot read. */
class Jackson3CodecTest {
  /** A result with the {@code java.time} types that Jackson 3 handles without a module. */
  record Shipment(String trackingId, Instant pickedUp, Duration transit) {}

  private static final Shipment SHIPMENT =
      new Shipment("T-1", Instant.parse("2026-12-02T06:00:00Z"), Duration.ofHours(30));

  @Test
  void theDefaultMapperStoresJavaTimeAsIsoText() {
    Jackson3Codec<Shipment> codec = Jackson3Codec.of(Shipment.class);

    byte[] stored = codec.encode(SHIPMENT);

    assertThat(new String(stored, StandardCharsets.UTF_8))
        .isEqualTo("{\"trackingId\":\"T-1\",\"pickedUp\":\"2026-12-02T06:00:00Z\",\"transit\":\"PT30H\"}");
    assertThat(codec.decode(stored)).isEqualTo(SHIPMENT);
  }

  @Test
  void theApplicationsMapperWritesTheJson() {
    JsonMapper snakeCase = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();
    Jackson3Codec<Shipment> codec = Jackson3Codec.of(snakeCase, Shipment.class);

    byte[] stored = codec.encode(SHIPMENT);

    assertThat(new String(stored, StandardCharsets.UTF_8)).contains("\"tracking_id\":\"T-1\"");
    assertThat(codec.decode(stored)).isEqualTo(SHIPMENT);
  }

  @Test
  void bytesThatAreNoJsonOfTheTypeFailNamingIt() {
    Jackson3Codec<Shipment> codec = Jackson3Codec.of(Shipment.class);

    assertThatThrownBy(() -> codec.decode("[1,2]".getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("cannot read")
        .hasMessageContaining(Shipment.class.getName());
  }
}
