package dev.lockkey.format;

import static org.assertj.core.api.Assertions.assertThat;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.util.VersionInfo;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The runtime's case folding table against ICU4J of the same Unicode version, for every code
 * point: ICU's {@code UCharacter.foldCase(text, true)} is the full default case folding
 * (CaseFolding.txt statuses C and F) from its own copy of the Unicode data.
 */
class CaseFoldingTest {

  @Test
  void theTableAndIcuShareOneUnicodeVersion() {
    assertThat(UCharacter.getUnicodeVersion()).isEqualTo(VersionInfo.getInstance(CaseFoldingTable.UNICODE_VERSION));
  }

  @Test
  void everyCodePointFoldsAsTheUnicodeDataSays() {
    List<String> differences = new ArrayList<>();
    for (int codePoint = 0; codePoint <= Character.MAX_CODE_POINT; codePoint++) {
      if (Character.isSurrogate((char) codePoint) && codePoint <= Character.MAX_VALUE) {
        continue; // no text on its own
      }
      String text = new String(Character.toChars(codePoint));
      String expected = UCharacter.foldCase(text, true);
      String folded = CaseFolding.fold(text);
      if (!folded.equals(expected)) {
        differences.add(String.format("U+%04X folds to %s, ICU says %s", codePoint, hex(folded), hex(expected)));
      }
    }
    assertThat(differences).isEmpty();
  }

  @ParameterizedTest
  @CsvSource({
      "STRASSE, strasse",
      "STRAẞE, strasse",
      "Straße, strasse",
      "ſ, s",
      "µ, μ",
      "ΟΔΟΣ, οδοσ",
      "οδος, οδοσ",
      "ϐ, β",
      "ŉ, ʼn",
      "İ, i̇",
      "Ǆ, ǆ",
      "ﬃ, ffi",
      "𐐀, 𐐨"})
  void foldsTheExamplesOfTheIssue(String text, String folded) {
    assertThat(CaseFolding.fold(text)).isEqualTo(folded);
  }

  @Test
  void asciiWithoutCapitalsIsReturnedAsItIs() {
    String text = "order-42:eu_west";

    assertThat(CaseFolding.fold(text)).isSameAs(text);
  }

  @Test
  void otherTextWithNothingToFoldIsReturnedAsItIs() {
    String text = "租户-strasse-σ-😀";

    assertThat(CaseFolding.fold(text)).isSameAs(text);
  }

  @Test
  void mixedTextFoldsEveryCodePoint() {
    assertThat(CaseFolding.fold("ABC-Ǆ-\uD801\uDC00-ẞ")).isEqualTo("abc-ǆ-\uD801\uDC28-ss");
  }

  private static String hex(String text) {
    StringBuilder hex = new StringBuilder();
    text.codePoints().forEach(codePoint -> hex.append(String.format("U+%04X ", codePoint)));
    return hex.toString().strip();
  }
}
