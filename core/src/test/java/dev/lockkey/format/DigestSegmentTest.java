package dev.lockkey.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.InvalidKeyException;
import dev.lockkey.KeySecret;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@code @Hashed} and {@code @Secret} fields: the segment is a digest, never the value. */
class DigestSegmentTest {
  private static final String SHA_256_OF_HELLO = "2cf24dba5fb0a30e26e83b2ac5b9e29e";
  /** HMAC-SHA256 of {@code 13800138000} keyed by {@link Specs#SECRET}, first 128 bits. */
  private static final String HMAC_OF_PHONE = "2aff2a1ede191cf2fd4af900d10f48d1";
  private static final FieldDescriptor TEXT = FieldDescriptor.of("text", "java.lang.String");
  private static final FieldDescriptor RAW = FieldDescriptor.of("raw", "byte[]");

  private final FieldFormat hashed = Specs.field(TEXT.withHashed());
  private final FieldFormat secret = Specs.field(TEXT.withSecret());

  @Test
  void theHashedDigestIsOverTheCanonicalText() {
    assertThat(hashed.segment(hashed.text("  hello\n"))).isEqualTo(SHA_256_OF_HELLO);
  }

  @Test
  void hashedBytesAreDigestedRaw() {
    FieldFormat hashedBytes = Specs.field(RAW.withHashed());

    assertThat(hashedBytes.digest("hello".getBytes(StandardCharsets.UTF_8))).isEqualTo(SHA_256_OF_HELLO);
    assertThat(hashedBytes.digest(new byte[0])).isEqualTo("e3b0c44298fc1c149afbf4c8996fb924");
  }

  @Test
  void secretBytesAreKeyedByTheSecret() {
    FieldFormat secretBytes = Specs.field(RAW.withSecret());

    assertThat(secretBytes.digest(Specs.SECRET, "13800138000".getBytes(StandardCharsets.UTF_8))).isEqualTo(HMAC_OF_PHONE);
    assertThat(secretBytes.digest(KeySecret.of(new byte[KeySecret.MIN_LENGTH]), "13800138000".getBytes(StandardCharsets.UTF_8)))
        .isNotEqualTo(HMAC_OF_PHONE);
  }

  @Test
  void anAbsentOptionalDigestIsTheEmptySegment() {
    assertThat(hashed.segment(null)).isEmpty();
    assertThat(secret.segment(Specs.SECRET, null)).isEmpty();
  }

  @Test
  void aSecretFieldNeverComputesAnUnkeyedDigest() {
    assertThatThrownBy(() -> secret.segment("13800138000"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("segment(KeySecret, String)")
        .hasMessageNotContaining("13800138000");
    FieldFormat secretBytes = Specs.field(RAW.withSecret());
    assertThatThrownBy(() -> secretBytes.digest(new byte[] {1})).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void keyedCallsOnOtherFieldsAreAProgrammingError() {
    assertThatThrownBy(() -> hashed.segment(Specs.SECRET, "x")).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> Specs.field(RAW.withHashed()).digest(Specs.SECRET, new byte[] {1}))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> Specs.string().digest(new byte[] {1})).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void nullBytesAreInvalid() {
    assertThatThrownBy(() -> Specs.field(RAW.withHashed()).digest(null))
        .isInstanceOfSatisfying(InvalidKeyException.class, e -> assertThat(e.rule()).isEqualTo("null"));
    assertThatThrownBy(() -> Specs.field(RAW.withSecret()).digest(Specs.SECRET, null))
        .isInstanceOfSatisfying(InvalidKeyException.class, e -> assertThat(e.rule()).isEqualTo("null"));
  }

  @Test
  void hashedAndSecretTogetherAreRejected() {
    assertThatThrownBy(() -> Specs.field(TEXT.withHashed().withSecret()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("both @Hashed and @Secret");
  }
}
