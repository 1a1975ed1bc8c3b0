package dev.lockkey.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The durations of guard annotations, read at compile time. */
class DurationTextTest {

  @ParameterizedTest
  @CsvSource({
      "500ms, PT0.5S",
      "10s,   PT10S",
      "5m,    PT5M",
      "2h,    PT2H",
      "1d,    PT24H",
      "0s,    PT0S",
      "PT1M30S, PT1M30S",
      "pt10s, PT10S"})
  void readsSimpleAndIsoDurations(String text, String expected) {
    assertThat(DurationText.parse(text)).contains(Duration.parse(expected));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "10", "10 s", "10sec", "-5s", "1.5s", "s", "P", "PT", "10S", "1w"})
  void rejectsEverythingElse(String text) {
    assertThat(DurationText.parse(text)).isEmpty();
  }

  @Test
  void aNegativeIsoDurationIsADurationForTheValidatorToReject() {
    assertThat(DurationText.parse("PT-1S")).contains(Duration.ofSeconds(-1));
  }
}
