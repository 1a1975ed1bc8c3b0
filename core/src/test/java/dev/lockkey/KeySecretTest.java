package dev.lockkey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** The HMAC key of {@code @Secret} fields. */
class KeySecretTest {

  @Test
  void hmacMatchesRfc4231TestCase1() {
    byte[] key = new byte[20];
    Arrays.fill(key, (byte) 0x0b);

    byte[] mac = KeySecret.of(key).hmacSha256("Hi There".getBytes(StandardCharsets.UTF_8));

    assertThat(HexFormat.of().formatHex(mac))
        .isEqualTo("b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
  }

  @Test
  void theBytesAreCopied() {
    byte[] bytes = "0123456789abcdef".getBytes(StandardCharsets.UTF_8);
    KeySecret secret = KeySecret.of(bytes);
    byte[] before = secret.hmacSha256(new byte[] {1});

    bytes[0] = 'X';

    assertThat(secret.hmacSha256(new byte[] {1})).isEqualTo(before);
  }

  @Test
  void toStringNeverShowsTheSecret() {
    KeySecret secret = KeySecret.of("hunter2-secret-of-32-bytes-long!".getBytes(StandardCharsets.UTF_8));

    assertThat(secret.toString()).isEqualTo("KeySecret[<secret>]").doesNotContain("hunter2");
  }

  @Test
  void aSecretHasAtLeast128Bits() {
    assertThat(KeySecret.of(new byte[16])).isNotNull();
    assertThatThrownBy(() -> KeySecret.of(new byte[0])).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> KeySecret.of(null)).isInstanceOf(NullPointerException.class);
  }

  @Test
  void aShortSecretIsRejectedWithItsLengthNeverItsBytes() {
    byte[] password = "hunter2-secret!".getBytes(StandardCharsets.UTF_8); // 15 bytes

    assertThatThrownBy(() -> KeySecret.of(password))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a KeySecret needs at least 16 bytes (128 bits), got 15; use 32 random bytes from your secret"
            + " store (e.g. openssl rand -base64 32, decoded with Base64.getDecoder()), never a password or a word")
        .hasMessageNotContaining("hunter2");
  }
}
