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
    for (String blank : new String[] {"", "   ", "\t\n", "\u2003"}) {
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
  void caseInsensitiveLowercasesWithTheRootLocale() {
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
