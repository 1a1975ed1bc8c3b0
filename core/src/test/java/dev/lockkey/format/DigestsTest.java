package dev.lockkey.format;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.KeySecret;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The first 128 bits of SHA-256 and HMAC-SHA256, as lowercase hex. */
class DigestsTest {

  @Test
  void sha256IsCutTo32LowercaseHexDigits() {
    // SHA-256("abc") = ba7816bf8f01cfea414140de5dae2223 b00361a396177a9cb410ff61f20015ad
    assertThat(Digests.sha256Hex("abc".getBytes(StandardCharsets.US_ASCII)))
        .isEqualTo("ba7816bf8f01cfea414140de5dae2223")
        .hasSize(Digests.HEX_LENGTH);
  }

  @Test
  void hmacSha256IsCutTo32LowercaseHexDigits() {
    // RFC 4231 test case 2 (a 4-byte key): 5bdcc146bf60754e6a042426089575c7 5a003f08...
    assertThat(Digests.hmacSha256Hex("Jefe".getBytes(StandardCharsets.UTF_8),
            "what do ya want for nothing?".getBytes(StandardCharsets.UTF_8)))
        .isEqualTo("5bdcc146bf60754e6a042426089575c7");
  }

  @Test
  void aKeySecretKeysTheSameFunction() {
    // RFC 4231 test case 1: a 20-byte key of 0x0b, "Hi There"
    byte[] key = new byte[20];
    Arrays.fill(key, (byte) 0x0b);
    byte[] input = "Hi There".getBytes(StandardCharsets.UTF_8);

    assertThat(Digests.hmacSha256Hex(KeySecret.of(key), input))
        .isEqualTo(Digests.hmacSha256Hex(key, input))
        .isEqualTo("b0344c61d8db38535ca8afceaf0bf12b");
  }
}
