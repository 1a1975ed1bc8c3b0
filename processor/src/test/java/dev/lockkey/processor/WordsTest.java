package dev.lockkey.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The processor's word rule, which it must not load from the runtime, judges every text as the
 * runtime's {@code dev.lockkey.format.Words.isWord} does: a domain, action, template literal or
 * purpose the processor accepts is one the runtime accepts, and the other way round.
 */
class WordsTest {

  @Test
  void everyShortTextIsAWordExactlyWhenTheRuntimeSaysSo() {
    List<String> texts = new ArrayList<>(List.of("", "a".repeat(64), "a".repeat(65), "0".repeat(64) + "-"));
    for (char first = 0; first < 256; first++) {
      texts.add(String.valueOf(first));
      for (char second = 0; second < 256; second++) {
        texts.add(new String(new char[] {first, second}));
      }
    }
    texts.addAll(List.of("order-state", "order_state", "v1", "1v", "-a", "_a", "a-", "Order", "ä", "a\u0301", "ﬁ"));

    for (String text : texts) {
      assertThat(Words.isWord(text)).as("\"%s\"", text).isEqualTo(dev.lockkey.format.Words.isWord(text));
    }
    assertThat(texts.stream().filter(Words::isWord).count()).isEqualTo(36 + 36 * 38 + 6);
  }
}
