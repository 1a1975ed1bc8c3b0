package dev.lockkey.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.InvalidKeyException;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** {@code @Window Instant} fields: epoch-aligned truncation rendered as UTC {@code yyyyMMdd'T'HHmmss'Z'}. */
class WindowTest {
  private static final FieldDescriptor AT = FieldDescriptor.of("at", "java.time.Instant");

  private static FieldFormat window(Duration size) {
    return Specs.field(AT.withWindow(size));
  }

  @Test
  void anInstantBecomesTheStartOfItsWindow() {
    FieldFormat fiveMinutes = window(Duration.ofMinutes(5));

    assertThat(fiveMinutes.text(Instant.parse("2026-04-21T10:37:12.345Z"))).isEqualTo("20260421T103500Z");
    assertThat(fiveMinutes.windowStart(Instant.parse("2026-04-21T10:39:59.999Z")))
        .isEqualTo(Instant.parse("2026-04-21T10:35:00Z"));
  }

  @Test
  void dayWindowsStartAtMidnightUtc() {
    assertThat(window(Duration.ofDays(1)).text(Instant.parse("2026-04-21T23:59:59.999Z"))).isEqualTo("20260421T000000Z");
  }

  @Test
  void instantsBeforeTheEpochAlignDownwards() {
    FieldFormat minute = window(Duration.ofMinutes(1));

    assertThat(minute.text(Instant.parse("1969-12-31T23:59:59.999Z"))).isEqualTo("19691231T235900Z");
    assertThat(minute.text(Instant.parse("1969-12-31T23:58:00Z"))).isEqualTo("19691231T235800Z");
  }

  @Test
  void theFourDigitYearsAreTheRange() {
    FieldFormat second = window(Duration.ofSeconds(1));

    assertThat(second.text(Instant.parse("0000-01-01T00:00:00Z"))).isEqualTo("00000101T000000Z");
    assertThat(second.text(Instant.parse("9999-12-31T23:59:59.999Z"))).isEqualTo("99991231T235959Z");
    for (Instant outside : new Instant[] {
        Instant.parse("-0001-12-31T23:59:59Z"), Instant.parse("+10000-01-01T00:00:00Z"), Instant.MIN, Instant.MAX}) {
      assertThatThrownBy(() -> second.text(outside))
          .isInstanceOfSatisfying(InvalidKeyException.class, e -> assertThat(e.rule()).isEqualTo("out-of-range"));
    }
  }

  @Test
  void aWindowStartingBeforeYearZeroIsOutOfRange() {
    // epoch-aligned weeks start on Thursdays; the week of 0000-01-01 starts two days before it
    assertThatThrownBy(() -> window(Duration.ofDays(7)).text(Instant.parse("0000-01-01T00:00:00Z")))
        .isInstanceOfSatisfying(InvalidKeyException.class, e -> assertThat(e.rule()).isEqualTo("out-of-range"));
  }

  @Test
  void nullIsInvalid() {
    assertThatThrownBy(() -> window(Duration.ofHours(1)).text((Instant) null))
        .isInstanceOfSatisfying(InvalidKeyException.class, e -> assertThat(e.rule()).isEqualTo("null"));
  }

  @Test
  void anInstantWithoutWindowIsAProgrammingError() {
    assertThatThrownBy(() -> Specs.field(AT).text(Instant.EPOCH))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("has no @Window");
  }

  @Test
  void windowsShorterThanTheRenderedSecondAreRejected() {
    assertThatThrownBy(() -> window(Duration.ofMillis(500)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least 1 second");
  }
}
