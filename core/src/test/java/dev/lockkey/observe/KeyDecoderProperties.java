package dev.lockkey.observe;

import static dev.lockkey.RandomCases.forAll;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.InvalidKeyException;
import dev.lockkey.Keyspace;
import dev.lockkey.RandomText;
import dev.lockkey.format.FieldFormat;
import dev.lockkey.format.KeyFormat;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Whatever text a key holds, the decoder gives back the spec that rendered it and the canonical
 * text of each value; seeded randomized tests ({@link dev.lockkey.RandomCases}) over valid keys.
 */
class KeyDecoderProperties {
  private static final KeyDecoder DECODER = KeyDecoder.of(TestSpecs.ALL);
  private static final Keyspace PROD = Keyspace.of("prod");

  private record PaymentCapture(String tenant, long orderId) {}

  private record OrderState(String name, String code) {}

  @Test
  void decodesEveryValidPaymentCaptureKey() {
    FieldFormat tenantFormat = KeyFormat.of(TestSpecs.PAYMENT_CAPTURE).field("tenant");
    forAll("decodesEveryValidPaymentCaptureKey", random -> validInput(random,
        r -> new PaymentCapture(RandomText.anyShort(r), RandomText.anyLong(r)),
        input -> TestSpecs.paymentCapture(input.tenant(), input.orderId())), input -> {
          DecodedKey key = DECODER.decode(PROD.fullKey("lock", TestSpecs.paymentCapture(input.tenant(), input.orderId())));

          assertThat(key.spec()).contains(TestSpecs.PAYMENT_CAPTURE);
          assertThat(key.field("tenant").value()).isEqualTo(tenantFormat.text(input.tenant()));
          assertThat(key.field("orderId").value()).isEqualTo(Long.toString(input.orderId()));
        });
  }

  @Test
  void decodesEveryValidOrderStateKey() {
    KeyFormat format = KeyFormat.of(TestSpecs.ORDER_STATE);
    forAll("decodesEveryValidOrderStateKey", random -> validInput(random,
        r -> new OrderState(RandomText.anyShort(r), RandomText.anyShort(r)),
        input -> TestSpecs.orderState(input.name(), input.code())), input -> {
          DecodedKey key = DECODER.decode(TestSpecs.orderState(input.name(), input.code()));

          assertThat(key.spec()).contains(TestSpecs.ORDER_STATE);
          assertThat(key.fields().stream().map(DecodedField::value).toList())
              .isEqualTo(List.of(format.field("name").text(input.name()), format.field("code").text(input.code())));
        });
  }

  /** An input that renders a key: the properties are about keys that exist, invalid input is drawn again. */
  private static <T> T validInput(Random random, Function<Random, T> generator,
      Function<T, String> body) {
    while (true) {
      T input = generator.apply(random);
      try {
        body.apply(input);
        return input;
      } catch (InvalidKeyException invalid) {
        // drawn again
      }
    }
  }
}
