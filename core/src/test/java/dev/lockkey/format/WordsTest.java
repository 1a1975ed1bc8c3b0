package dev.lockkey.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Words: 1 to 64 characters of {@code a-z 0-9 - _}, starting with a letter or digit. */
class WordsTest {

  @Test
  void wordsOfTheGrammarAreWords() {
    for (String word : new String[] {"a", "9", "payment", "account-pair", "v2_beta", "0-a", "x".repeat(64)}) {
      assertThat(Words.isWord(word)).as(word).isTrue();
    }
  }

  @Test
  void everythingElseIsNot() {
    for (String text : new String[] {null, "", "-a", "_a", "A", "pay:ment", "pay ment", "caf\u00E9", "x".repeat(65), "{a}"}) {
      assertThat(Words.isWord(text)).as(String.valueOf(text)).isFalse();
    }
  }

  @Test
  void requireNamesWhatAndTheRule() {
    assertThat(Words.require("purpose", "lock")).isEqualTo("lock");
    assertThatThrownBy(() -> Words.require("purpose", "Lock"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("purpose \"Lock\" is not a key word: use 1 to 64 characters of a-z, 0-9, '-', '_', starting with a letter or digit");
  }
}
