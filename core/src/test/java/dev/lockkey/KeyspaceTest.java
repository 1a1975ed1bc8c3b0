package dev.lockkey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Full keys: {@code purpose:env:{body}}, with the body as the Redis Cluster hash tag. */
class KeyspaceTest {
  private static final SpecDescriptor SPEC = new SpecDescriptor("com.acme.PaymentCapture", "payment", "capture", 1,
      "payment:capture:v1:{tenant}:{orderId}",
      List.of(FieldDescriptor.of("tenant", "java.lang.String"), FieldDescriptor.of("orderId", "long")));

  /** A rendered key as generated code would hold it. */
  private record Key(String canonical) implements LockKey {
    @Override
    public SpecDescriptor spec() {
      return SPEC;
    }
  }

  @Test
  void aFullKeyIsPurposeEnvironmentAndTheBodyInBraces() {
    Keyspace prod = Keyspace.of("prod");

    assertThat(prod.fullKey("lock", new Key("payment:capture:v1:t42:98765")))
        .isEqualTo("lock:prod:{payment:capture:v1:t42:98765}");
    assertThat(prod.fullKey("fence", "payment:capture:v1:t42:98765"))
        .isEqualTo("fence:prod:{payment:capture:v1:t42:98765}");
  }

  @Test
  void aBadEnvironmentIsRejectedWithTheWordRule() {
    for (String env : new String[] {"", "Prod", "prod:eu", "-prod", "prod env", "p".repeat(65)}) {
      assertThatThrownBy(() -> Keyspace.of(env))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("environment \"" + env + "\" is not a key word")
          .hasMessageContaining("1 to 64 characters of a-z, 0-9, '-', '_'");
    }
    assertThatThrownBy(() -> Keyspace.of(null)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aBadPurposeIsRejectedWithTheWordRule() {
    assertThatThrownBy(() -> Keyspace.of("prod").fullKey("lock:x", new Key("b")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("purpose \"lock:x\" is not a key word");
  }

  @Test
  void keyspacesAreValuesOfTheirEnvironment() {
    assertThat(Keyspace.of("staging")).isEqualTo(Keyspace.of("staging")).hasSameHashCodeAs(Keyspace.of("staging"))
        .isNotEqualTo(Keyspace.of("prod"));
    assertThat(Keyspace.of("staging").env()).isEqualTo("staging");
    assertThat(Keyspace.of("staging")).hasToString("Keyspace[staging]");
  }
}
