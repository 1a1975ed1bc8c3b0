package dev.lockkey.format;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The white space stripped from the ends of canonical text. */
class WhiteSpaceTest {

  @ParameterizedTest
  @ValueSource(chars = {' ', '\t', '\n', '\u000B', '\f', '\r', '\u001C', '\u00A0', '\u1680', '\u2000',
      '\u2007', '\u200A', '\u200B', '\u2028', '\u2029', '\u202F', '\u205F', '\u3000', '\uFEFF'})
  void eachKindIsStrippedAtBothEndsAndKeptInside(char space) {
    String padded = space + "a" + space + "b" + space;

    assertThat(WhiteSpace.strip(padded)).isEqualTo("a" + space + "b");
    assertThat(WhiteSpace.isBlank(String.valueOf(space))).isTrue();
  }

  @Test
  void otherInvisibleCharactersAreNoWhiteSpace() {
    // zero-width joiners, bidi controls and NEL (a control, for Java no white space) are escaped
    // inside values, but not stripped
    assertThat(WhiteSpace.strip("\u200Da\u202E")).isEqualTo("\u200Da\u202E");
    assertThat(WhiteSpace.strip("\u0085a\u0085")).isEqualTo("\u0085a\u0085");
    assertThat(WhiteSpace.isBlank("\u200C")).isFalse();
  }

  @Test
  void textWithoutWhiteSpaceAtItsEndsIsReturnedAsItIs() {
    String text = "a b";

    assertThat(WhiteSpace.strip(text)).isSameAs(text);
  }

  @Test
  void everyStrippedCodePointIsInTheBmpSoCharsSuffice() {
    for (int codePoint = Character.MIN_SUPPLEMENTARY_CODE_POINT; codePoint <= Character.MAX_CODE_POINT; codePoint++) {
      assertThat(WhiteSpace.isStripped(codePoint)).as("U+%04X", codePoint).isFalse();
    }
    for (char c = Character.MIN_SURROGATE; c < Character.MAX_SURROGATE; c++) {
      assertThat(WhiteSpace.isStripped(c)).as("U+%04X", (int) c).isFalse();
    }
  }
}
