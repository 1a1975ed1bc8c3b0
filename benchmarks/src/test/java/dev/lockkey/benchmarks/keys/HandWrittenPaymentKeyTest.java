package dev.lockkey.benchmarks.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The floor must render what docs/KEY-FORMAT.md says, or it is no floor for the same work. */
class HandWrittenPaymentKeyTest {

  @Test
  void rendersTheGoldenVectorsOfThePaymentCaptureSpec() {
    assertThat(HandWrittenPaymentKey.body("t42", 98765)).isEqualTo("payment:capture:v1:t42:98765");
    assertThat(HandWrittenPaymentKey.body("  acme:eu  ", 1)).isEqualTo("payment:capture:v1:acme%3Aeu:1");
    assertThat(HandWrittenPaymentKey.body("a{b}c%d,e*f?g[h]i\\j k", -7))
        .isEqualTo("payment:capture:v1:a%7Bb%7Dc%25d%2Ce%2Af%3Fg%5Bh%5Di%5Cj%20k:-7");
  }

  @Test
  void escapesInvisibleCodePointsAsUtf8AndKeepsOtherText() {
    assertThat(HandWrittenPaymentKey.body("tab\there\u200Bzw\u00A0nb\u2028ls\u0085nel", 1))
        .isEqualTo("payment:capture:v1:tab%09here%E2%80%8Bzw%C2%A0nb%E2%80%A8ls%C2%85nel:1");
    assertThat(HandWrittenPaymentKey.body("租户-1", 1)).isEqualTo("payment:capture:v1:租户-1:1");
    assertThat(HandWrittenPaymentKey.body("emoji😀", 1)).isEqualTo("payment:capture:v1:emoji😀:1");
    assertThat(HandWrittenPaymentKey.body("Cafe\u0301", 1)).isEqualTo("payment:capture:v1:Café:1");
  }

  @Test
  void bothHandWrittenWaysRenderWhatTheGeneratedKeyClassRenders() {
    for (String tenant :
        new String[] {"tenant-42", "acme:eu", "  padded  ", "a{b}c%d,e*f?g[h]i\\j k", "Cafe\u0301", "emoji😀",
            "\u00A0nbsp\u202F", "\uFEFFbom\u200B"}) {
      String generated = PaymentCaptureKey.of(tenant, 9_876_543_210L).canonical();
      assertThat(HandWrittenPaymentKey.body(tenant, 9_876_543_210L)).as(tenant).isEqualTo(generated);
      assertThat(HandWrittenPaymentKey.concatenatedBody(tenant, 9_876_543_210L)).as(tenant).isEqualTo(generated);
    }
  }

  @Test
  void rejectsBlankTenantsAndUnpairedSurrogates() {
    assertThatThrownBy(() -> HandWrittenPaymentKey.body(" \t ", 1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> HandWrittenPaymentKey.body("a\uD800b", 1))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
