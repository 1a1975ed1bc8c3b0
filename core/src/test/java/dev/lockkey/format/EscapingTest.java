package dev.lockkey.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The reserved code points and their percent-encoding, and its strict inverse. */
class EscapingTest {

  @Test
  void theReservedPunctuationIsReserved() {
    for (char c : "%:{},*?[]\\".toCharArray()) {
      assertThat(Escaping.isReserved(c)).as("%s", c).isTrue();
    }
  }

  @Test
  void whiteSpaceControlsAndFormatCharactersAreReserved() {
    int[] reserved = {' ', '\t', '\n', 0x00, 0x7F, 0x85, 0xA0, 0x2007, 0x2028, 0x3000, 0x200B, 0x200E, 0x202E, 0xFEFF, 0xE0001};
    for (int codePoint : reserved) {
      assertThat(Escaping.isReserved(codePoint)).as("U+%04X", codePoint).isTrue();
    }
  }

  @Test
  void everythingElseIsNot() {
    int[] plain = {'a', 'Z', '0', '-', '_', '.', '/', '@', '+', '~', '=', '#', '!', '"', '\'', 0xE9, 0x79DF, 0x1F600};
    for (int codePoint : plain) {
      assertThat(Escaping.isReserved(codePoint)).as("U+%04X", codePoint).isFalse();
    }
  }

  @Test
  void reservedCodePointsBecomeTheirUppercaseUtf8Bytes() {
    assertThat(Escaping.escape("a b")).isEqualTo("a%20b");
    assertThat(Escaping.escape("\u00A0")).isEqualTo("%C2%A0");
    assertThat(Escaping.escape("\u3000")).isEqualTo("%E3%80%80");
    assertThat(Escaping.escape("\uDB40\uDC01")).isEqualTo("%F3%A0%80%81");
  }

  @Test
  void textWithoutReservedCodePointsIsReturnedAsItIs() {
    String text = "t\u00E9nant-\u79DF\uD83D\uDE00";

    assertThat(Escaping.escape(text)).isSameAs(text);
  }

  @Test
  void escapingAnUnpairedSurrogateIsRejected() {
    assertThatThrownBy(() -> Escaping.escape("a\uD800")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("index 1");
  }

  @Test
  void unescapeInvertsEscape() {
    assertThat(Escaping.unescape("a%3Ab%20%E2%80%8B%F3%A0%80%81")).isEqualTo("a:b \u200B\uDB40\uDC01");
    assertThat(Escaping.unescape("plain")).isEqualTo("plain");
  }

  @Test
  void unescapeRejectsWhatEscapeNeverProduces() {
    String[] notEscaped = {
      "%3a", "%3", "%", "%GG", "a%", // malformed
      "%41", "%C3%A9", // escapes code points that need no escaping
      "a:b", "a b", "50%", // leaves reserved code points unescaped
      "%C3", "%ED%A0%80", "%C0%BA", "%FF", // not UTF-8
    };
    for (String segment : notEscaped) {
      assertThatThrownBy(() -> Escaping.unescape(segment)).as(segment).isInstanceOf(IllegalArgumentException.class);
    }
  }
}
