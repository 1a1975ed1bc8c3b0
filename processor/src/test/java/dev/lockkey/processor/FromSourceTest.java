package dev.lockkey.processor;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.InvalidKeyException;
import dev.lockkey.KeySecret;
import dev.lockkey.processor.specs.OrderState;
import dev.lockkey.processor.specs.OrderStateKey;
import dev.lockkey.processor.specs.PaymentCapture;
import dev.lockkey.processor.specs.PaymentCaptureKey;
import dev.lockkey.processor.specs.PhoneVerification;
import dev.lockkey.processor.specs.PhoneVerificationKey;
import org.junit.jupiter.api.Test;

/**
 * {@code XKey.from(X)} turns any implementation of a spec, such as a record, into its key through
 * the same validation as {@code of(...)}.
 */
class FromSourceTest {
  private static final KeySecret SECRET = KeySecret.of("0123456789abcdef0123456789abcdef".getBytes(UTF_8));

  /** A record of the application that happens to carry a capture's identity. */
  record Capture(String tenant, long orderId, String note) implements PaymentCapture {}

  record Verification(String tenant, String phone) implements PhoneVerification {}

  @Test
  void aRecordGivesTheKeyOfItsValues() {
    PaymentCaptureKey key = PaymentCaptureKey.from(new Capture("  t42 ", 98765, "not part of the key"));

    assertThat(key).isEqualTo(PaymentCaptureKey.of("t42", 98765));
    assertThat(key.canonical()).isEqualTo("payment:capture:v1:t42:98765");
  }

  @Test
  void secretFieldsTakeTheSecretFirst() {
    PhoneVerificationKey key = PhoneVerificationKey.from(SECRET, new Verification("t1", "13800138000"));

    assertThat(key).isEqualTo(PhoneVerificationKey.of(SECRET, "t1", "13800138000"));
    assertThat(key.toString()).doesNotContain("13800138000");
  }

  @Test
  void valuesAreValidatedLikeOf() {
    assertThatThrownBy(() -> PaymentCaptureKey.from(new Capture(null, 1, "")))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("tenant");
    assertThatThrownBy(() -> PaymentCaptureKey.from(null)).isInstanceOf(NullPointerException.class);
  }

  @Test
  void aKeyIsItsOwnSource() {
    // The key's accessors return canonical values and digests: copying them would digest a digest.
    PhoneVerificationKey key = PhoneVerificationKey.of(SECRET, "t1", "13800138000");

    assertThat(PhoneVerificationKey.from(SECRET, key)).isSameAs(key);
  }

  @Test
  void anyClassImplementingTheSpecWillDo() {
    OrderState source = new OrderState() {
      @Override
      public String name() {
        return "Cafe\u0301";
      }

      @Override
      public String code() {
        return "ÄBC";
      }
    };

    assertThat(OrderStateKey.from(source).canonical()).isEqualTo("order:state:v2:Café:äbc");
  }
}
