package dev.lockkey.observe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.InvalidKeyException;
import dev.lockkey.Keyspace;
import dev.lockkey.format.FieldFormat;
import dev.lockkey.format.KeyFormat;
import java.util.List;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/** Whatever text a key holds, the decoder gives back the spec that rendered it and the canonical text of each value. */
class KeyDecoderProperties {
  private static final KeyDecoder DECODER = KeyDecoder.of(TestSpecs.ALL);
  private static final Keyspace PROD = Keyspace.of("prod");

  @Property
  void decodesEveryValidPaymentCaptureKey(@ForAll String tenant, @ForAll long orderId) {
    String body = validBody(() -> TestSpecs.paymentCapture(tenant, orderId));

    DecodedKey key = DECODER.decode(PROD.fullKey("lock", body));

    FieldFormat tenantFormat = KeyFormat.of(TestSpecs.PAYMENT_CAPTURE).field("tenant");
    assertThat(key.spec()).contains(TestSpecs.PAYMENT_CAPTURE);
    assertThat(key.field("tenant").value()).isEqualTo(tenantFormat.text(tenant));
    assertThat(key.field("orderId").value()).isEqualTo(Long.toString(orderId));
  }

  @Property
  void decodesEveryValidOrderStateKey(@ForAll String name, @ForAll String code) {
    String body = validBody(() -> TestSpecs.orderState(name, code));

    DecodedKey key = DECODER.decode(body);

    KeyFormat format = KeyFormat.of(TestSpecs.ORDER_STATE);
    assertThat(key.spec()).contains(TestSpecs.ORDER_STATE);
    assertThat(key.fields().stream().map(DecodedField::value).toList())
        .isEqualTo(List.of(format.field("name").text(name), format.field("code").text(code)));
  }

  private interface Rendering {
    String body();
  }

  /** The body, with invalid input skipped: the properties are about keys that exist. */
  private static String validBody(Rendering rendering) {
    try {
      return rendering.body();
    } catch (InvalidKeyException invalid) {
      Assume.that(false);
      throw invalid;
    }
  }
}
