package dev.lockkey.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.InvalidKeyException;
import dev.lockkey.SpecDescriptor;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@code Optional} fields: absent renders as the empty segment, present ones like required ones. */
class OptionalTextTest {
  private static final KeyFormat FORMAT = KeyFormat.of(new SpecDescriptor("com.acme.Invoice", "invoice", "send", 1,
      "invoice:send:v1:{tenant}:{channel}:{number}",
      List.of(FieldDescriptor.of("tenant", "java.lang.String"),
          FieldDescriptor.of("channel", "java.util.Optional<java.lang.String>"),
          FieldDescriptor.of("number", "java.util.Optional<java.lang.Long>"))));
  private static final FieldFormat TENANT = FORMAT.field("tenant");
  private static final FieldFormat CHANNEL = FORMAT.field("channel");
  private static final FieldFormat NUMBER = FORMAT.field("number");

  private static String body(Optional<String> channel, Optional<Long> number) {
    return FORMAT.render(TENANT.segment(TENANT.text("t1")),
        CHANNEL.segment(CHANNEL.optionalText(channel, CHANNEL::text)),
        NUMBER.segment(NUMBER.optionalText(number, NUMBER::text)));
  }

  @Test
  void absentValuesAreEmptySegments() {
    assertThat(CHANNEL.optionalText(Optional.<String>empty(), CHANNEL::text)).isNull();
    assertThat(CHANNEL.segment(null)).isEmpty();
    assertThat(body(Optional.empty(), Optional.empty())).isEqualTo("invoice:send:v1:t1::");
  }

  @Test
  void aBlankStringIsAbsent() {
    assertThat(body(Optional.of("  \t"), Optional.of(7L))).isEqualTo("invoice:send:v1:t1::7");
  }

  @Test
  void presentValuesAreCanonicalised() {
    assertThat(body(Optional.of(" e-mail:eu "), Optional.of(-1L))).isEqualTo("invoice:send:v1:t1:e-mail%3Aeu:-1");
  }

  @Test
  void aNullOptionalIsInvalid() {
    assertThatThrownBy(() -> CHANNEL.optionalText((Optional<String>) null, CHANNEL::text))
        .isInstanceOfSatisfying(InvalidKeyException.class, e -> {
          assertThat(e.rule()).isEqualTo("null");
          assertThat(e.field()).isEqualTo("channel");
        });
  }

  @Test
  void presentValuesKeepTheirRules() {
    assertThatThrownBy(() -> CHANNEL.optionalText(Optional.<String>of("a\uD800"), CHANNEL::text))
        .isInstanceOfSatisfying(InvalidKeyException.class, e -> assertThat(e.rule()).isEqualTo("unpaired-surrogate"));
  }
}
