package dev.lockkey.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.observe.DecodedKey.Outcome;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Decoding keys back into spec and values, and refusing to guess. */
class KeyDecoderTest {
  private final KeyDecoder decoder = KeyDecoder.of(TestSpecs.ALL);

  @Test
  void decodesAFullKeyIntoPurposeEnvironmentSpecAndUnescapedValues() {
    DecodedKey key = decoder.decode("lock:prod:{payment:capture:v1:acme%3Aeu:98765}");

    assertThat(key.outcome()).isEqualTo(Outcome.DECODED);
    assertThat(key.purpose()).contains("lock");
    assertThat(key.env()).contains("prod");
    assertThat(key.body()).contains("payment:capture:v1:acme%3Aeu:98765");
    assertThat(key.spec()).contains(TestSpecs.PAYMENT_CAPTURE);
    assertThat(key.fields()).containsExactly(
        new DecodedField("tenant", "java.lang.String", DecodedField.Form.TEXT, List.of("acme:eu")),
        new DecodedField("orderId", "long", DecodedField.Form.TEXT, List.of("98765")));
    assertThat(key.field("orderId").value()).isEqualTo("98765");
  }

  @Test
  void decodesABodyAlone() {
    DecodedKey key = decoder.decode("order:state:v2:Café:äbc");

    assertThat(key.isDecoded()).isTrue();
    assertThat(key.purpose()).isEmpty();
    assertThat(key.env()).isEmpty();
    assertThat(key.spec()).contains(TestSpecs.ORDER_STATE);
    assertThat(key.field("name").value()).isEqualTo("Café");
  }

  @Test
  void showsDigestsAsDigests() {
    DecodedKey secret = decoder.decode("lock:prod:{phone:verify:v1:t42:4aceeec2f7abf01475a1207fc3cfd8dc}");
    DecodedKey hashed = decoder.decode("lock:prod:{document:summary:v1::2cf24dba5fb0a30e26e83b2ac5b9e29e}");

    assertThat(secret.field("phone").form()).isEqualTo(DecodedField.Form.HMAC);
    assertThat(secret.field("phone").display()).isEqualTo("hmac:4aceeec2f7abf01475a1207fc3cfd8dc");
    assertThat(hashed.field("content").display()).isEqualTo("sha256:2cf24dba5fb0a30e26e83b2ac5b9e29e");
    assertThat(hashed.field("batch").form()).isEqualTo(DecodedField.Form.ABSENT);
    assertThat(hashed.field("batch").display()).isEqualTo("(absent)");
  }

  @Test
  void decodesCollectionsIntoTheirElements() {
    DecodedKey key = decoder.decode("fence:staging:{transfer:account-pair:v1:1001,9008:20260421T103500Z}");

    assertThat(key.field("accounts").values()).containsExactly("1001", "9008");
    assertThat(key.field("accounts").display()).isEqualTo("[1001, 9008]");
    assertThat(key.field("minute").value()).isEqualTo("20260421T103500Z");
  }

  @Test
  void reportsAnUnknownVersionWithTheKnownOnes() {
    DecodedKey key = decoder.decode("lock:prod:{payment:capture:v9:t42:1}");

    assertThat(key.outcome()).isEqualTo(Outcome.UNKNOWN_LAYOUT);
    assertThat(key.spec()).isEmpty();
    assertThat(key.fields()).isEmpty();
    assertThat(key.reason()).isEqualTo("none of the 7 known specs renders this body; known with this domain and"
        + " action: com.acme.PaymentCapture v1 (payment:capture:v1:{tenant}:{orderId})");
  }

  @Test
  void reportsALayoutMatchWhoseValuesNoFieldRenders() {
    assertThat(decoder.decode("payment:capture:v1:t42:007").reason())
        .isEqualTo("none of the 7 known specs renders this body: com.acme.PaymentCapture has this layout, but"
            + " orderId (long) never renders \"007\"");
    assertThat(decoder.decode("order:state:v2:Café:Äbc").reason())
        .contains("code (java.lang.String @CaseInsensitive @MaxLength(8)) never renders \"Äbc\"");
    assertThat(decoder.decode("phone:verify:v1:t42:13800138000").reason())
        .contains("phone is no digest of 32 hex digits");
    assertThat(decoder.decode("transfer:account-pair:v1:9008,1001:20260421T103500Z").reason())
        .contains("accounts is @Unordered, but its elements are not sorted");
    assertThat(decoder.decode("transfer:account-pair:v1:1001,1001:20260421T103500Z").reason())
        .contains("accounts is a Set, but holds an element twice");
    assertThat(decoder.decode("transfer:account-pair:v1:1001:20260421T103512Z").reason())
        .contains("minute (java.time.Instant @Window(PT1M)) never renders \"20260421T103512Z\"");
    assertThat(decoder.decode("payment:capture:v1:t%3a42:1").reason())
        .contains("tenant is not escaped as the key format escapes");
  }

  @Test
  void reportsBodiesThatSeveralSpecsRenderAsAmbiguous() {
    DecodedKey ambiguous = decoder.decode("lock:prod:{item:42:hold}");
    DecodedKey onlyText = decoder.decode("lock:prod:{item:abc:hold}");

    assertThat(ambiguous.outcome()).isEqualTo(Outcome.AMBIGUOUS);
    assertThat(ambiguous.candidates()).containsExactly("com.acme.ItemHold", "com.acme.ItemHoldById");
    assertThat(ambiguous.reason()).isEqualTo("specs com.acme.ItemHold, com.acme.ItemHoldById all render this body");
    assertThat(onlyText.spec()).contains(TestSpecs.ITEM_HOLD);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "lock:prod:{payment:capture:v1:t42:1", "Lock:prod:{payment:capture:v1:t42:1}",
      "lock:{payment:capture:v1:t42:1}", "lock:prod:{}", "lock:prod:{a{b}"})
  void reportsTextThatIsNoKey(String text) {
    DecodedKey key = decoder.decode(text);

    assertThat(key.outcome()).isEqualTo(Outcome.NOT_A_KEY);
    assertThat(key.body()).isEmpty();
    assertThat(key.reason()).isNotEmpty();
  }

  @Test
  void fieldOfAKeyNotDecodedSaysWhy() {
    DecodedKey key = decoder.decode("lock:prod:{payment:capture:v9:t42:1}");

    assertThatThrownBy(() -> key.field("tenant"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("the key was not decoded: none of the 7 known specs");
  }

  @Test
  void printsAReportForPeople() {
    assertThat(decoder.decode("lock:prod:{phone:verify:v1:t42:4aceeec2f7abf01475a1207fc3cfd8dc}")).hasToString("""
        key       lock:prod:{phone:verify:v1:t42:4aceeec2f7abf01475a1207fc3cfd8dc}
        purpose   lock
        env       prod
        hash      #4e0359ab6556
        spec      com.acme.PhoneVerification (phone:verify:v1:{tenant}:{phone})
          tenant  t42
          phone   hmac:4aceeec2f7abf01475a1207fc3cfd8dc""");
    assertThat(decoder.decode("payment:capture:v9:t42:1")).hasToString("""
        key       payment:capture:v9:t42:1
        hash      #fe7651ba303a
        unknown   none of the 7 known specs renders this body; known with this domain and action:\
         com.acme.PaymentCapture v1 (payment:capture:v1:{tenant}:{orderId})""");
  }
}
