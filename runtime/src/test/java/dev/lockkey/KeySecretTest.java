package dev.lockkey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** The HMAC key of {@code @Secret} fields. */
class KeySecretTest {

  @Test
  void hmacMatchesRfc4231TestCase2() {
    KeySecret jefe = KeySecret.of("Jefe".getBytes(StandardCharsets.UTF_8));

    byte[] mac = jefe.hmacSha256("what do ya want for nothing?".getBytes(StandardCharsets.UTF_8));

    assertThat(HexFormat.of().formatHex(mac))
        .isEqualTo("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  }

  @Test
  void theBytesAreCopied() {
    byte[] bytes = "Jefe".getBytes(StandardCharsets.UTF_8);
    KeySecret secret = KeySecret.of(bytes);
    byte[] before = secret.hmacSha256(new byte[] {1});

    bytes[0] = 'X';

    assertThat(secret.hmacSha256(new byte[] {1})).isEqualTo(before);
  }

  @Test
  void toStringNeverShowsTheSecret() {
    KeySecret secret = KeySecret.of("hunter2-secret".getBytes(StandardCharsets.UTF_8));

    assertThat(secret.toString()).isEqualTo("KeySecret[<secret>]").doesNotContain("hunter2");
  }

  @Test
  void anEmptySecretIsRejected() {
    assertThatThrownBy(() -> KeySecret.of(new byte[0])).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> KeySecret.of(null)).isInstanceOf(NullPointerException.class);
  }
}
