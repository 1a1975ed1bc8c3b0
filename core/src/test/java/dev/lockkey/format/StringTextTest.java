package dev.lockkey.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.InvalidKeyException;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The canonical text of {@code String} fields and the modifiers that shape it. */
class StringTextTest {
  private static final FieldDescriptor NAME = FieldDescriptor.of("name", "java.lang.String");

  @Test
  void unicodeWhiteSpaceIsStrippedAtBothEnds() {
    assertThat(Specs.string().text("\u2003\t acme \n\u3000")).isEqualTo("acme");
  }

  @Test
  void noBreakSpacesZeroWidthSpaceAndByteOrderMarkAreStrippedToo() {
    // String.strip() keeps U+00A0, U+2007 and U+202F: they are space separators but no "white space"
    assertThat(Specs.string().text("\u00A0\u202F\u2007acme\u200B\uFEFF\u00A0")).isEqualTo("acme");
  }

  @Test
  void whiteSpaceInsideStays() {
    assertThat(Specs.string().text(" a b ")).isEqualTo("a b");
  }

  @Test
  void textIsNfc() {
    assertThat(Specs.string().text("e\u0301\u212B")).isEqualTo("\u00E9\u00C5");
  }

  @Test
  void canonicalAsciiTextIsReturnedAsItIs() {
    String value = "tenant-42";

    assertThat(Specs.string().text(value)).isSameAs(value);
  }

  @Test
  void nullIsInvalid() {
    assertThatThrownBy(() -> Specs.string().text((String) null))
        .isInstanceOfSatisfying(InvalidKeyException.class, e -> assertThat(e.rule()).isEqualTo("null"));
  }

  @Test
  void blankIsInvalid() {
    for (String blank : new String[] {"", "   ", "\t\n", "\u2003", "\u00A0", "\u202F\u200B\uFEFF"}) {
      assertThatThrownBy(() -> Specs.string().text(blank))
          .isInstanceOfSatisfying(InvalidKeyException.class, e -> assertThat(e.rule()).isEqualTo("blank"));
    }
  }

  @Test
  void verbatimKeepsSurroundingWhiteSpaceAndEscapesIt() {
    FieldFormat verbatim = Specs.field(NAME.withVerbatim());

    assertThat(verbatim.text(" a ")).isEqualTo(" a ");
    assertThat(verbatim.segment(verbatim.text(" a "))).isEqualTo("%20a%20");
  }

  @Test
  void verbatimIsStillNfcAndBlankIsStillInvalid() {
    FieldFormat verbatim = Specs.field(NAME.withVerbatim());

    assertThat(verbatim.text(" e\u0301")).isEqualTo(" \u00E9");
    assertThatThrownBy(() -> verbatim.text("  "))
        .isInstanceOfSatisfying(InvalidKeyException.class, e -> assertThat(e.rule()).isEqualTo("blank"));
  }

  @Test
  void caseInsensitiveFoldsIndependentlyOfTheDefaultLocale() {
    FieldFormat caseInsensitive = Specs.field(NAME.withCaseInsensitive());
    Locale before = Locale.getDefault();
    Locale.setDefault(Locale.forLanguageTag("tr-TR")); // would turn I into a dotless i
    try {
      assertThat(caseInsensitive.text("  TITLE ")).isEqualTo("title");
    } finally {
      Locale.setDefault(before);
    }
  }

  @Test
  void caseInsensitiveIsFullCaseFoldingNotLowercasing() {
    FieldFormat caseInsensitive = Specs.field(NAME.withCaseInsensitive());

    // toLowerCase keeps ß, ſ, µ, ς and ϐ, which compare equal to ss, s, μ, σ and β ignoring case
    assertThat(caseInsensitive.text("Straße")).isEqualTo(caseInsensitive.text("STRASSE")).isEqualTo("strasse");
    assertThat(caseInsensitive.text("STRAẞE")).isEqualTo("strasse");
    assertThat(caseInsensitive.text("ſ")).isEqualTo(caseInsensitive.text("S")).isEqualTo("s");
    assertThat(caseInsensitive.text("µ")).isEqualTo(caseInsensitive.text("Μ")).isEqualTo("μ");
    assertThat(caseInsensitive.text("ΟΔΟΣ")).isEqualTo(caseInsensitive.text("οδος")).isEqualTo("οδοσ");
    assertThat(caseInsensitive.text("ϐ")).isEqualTo(caseInsensitive.text("Β")).isEqualTo("β");
  }

  @Test
  void caseInsensitiveTextIsNfcAgainAfterFolding() {
    // U+0390 folds to its decomposition ι + diaeresis + acute, which NFC composes again
    assertThat(Specs.field(NAME.withCaseInsensitive()).text("\u0390")).isEqualTo("\u0390");
  }

  @Test
  void caseInsensitiveTextOfEveryCodePointIsAFixedPoint() {
    FieldFormat caseInsensitive = Specs.field(NAME.withCaseInsensitive());
    for (int codePoint = 0; codePoint <= Character.MAX_CODE_POINT; codePoint++) {
      String value = "x" + new String(Character.toChars(codePoint)); // "x": white space alone is blank
      if (Character.isSurrogate((char) codePoint) && codePoint <= Character.MAX_VALUE) {
        continue;
      }
      String text = caseInsensitive.text(value);

      assertThat(caseInsensitive.text(text)).as("U+%04X", codePoint).isEqualTo(text);
    }
  }

  @Test
  void caseInsensitiveTextIsNfcAfterLowercasing() {
    // J + caron has no precomposed capital, but j + caron composes to U+01F0
    assertThat(Specs.field(NAME.withCaseInsensitive()).text("J\u030C")).isEqualTo("\u01F0");
  }

  @Test
  void maxLengthCountsCodePointsOfTheCanonicalText() {
    FieldFormat max3 = Specs.field(NAME.withMaxLength(3));

    assertThat(max3.text("  abc  ")).isEqualTo("abc");
    assertThat(max3.text("\uD83D\uDE00\uD83D\uDE00\uD83D\uDE00")).hasSize(6);
    assertThatThrownBy(() -> max3.text("abcd"))
        .isInstanceOfSatisfying(InvalidKeyException.class, e -> {
          assertThat(e.rule()).isEqualTo("max-length");
          assertThat(e).hasMessageContaining("4 code points").hasMessageContaining("@MaxLength(3)");
        });
  }

  @Test
  void unpairedSurrogatesAreInvalidWithTheirIndex() {
    for (String broken : new String[] {"a\uD800b", "\uDC00", "ab\uD83D", "\uDE00\uD83D"}) {
      assertThatThrownBy(() -> Specs.string().text(broken))
          .isInstanceOfSatisfying(InvalidKeyException.class, e -> {
            assertThat(e.rule()).isEqualTo("unpaired-surrogate");
            assertThat(e).hasMessageContaining("at index ");
          });
    }
  }

  @Test
  void reservedCharactersAreEscapedInTheSegment() {
    assertThat(Specs.stringSegment("50%:{x},*?[y]\\")).isEqualTo("50%25%3A%7Bx%7D%2C%2A%3F%5By%5D%5C");
  }
}
