package dev.lockkey.format;

import java.text.Normalizer;

/** Unicode NFC as the key format applies it, to segments and to fingerprinted strings alike. */
final class Nfc {
  /** Every string of code points below U+0300 is in NFC: normalisation can skip it. */
  private static final char FIRST_CHAR_NFC_MAY_CHANGE = '\u0300';

  private Nfc() {}

  /**
   * {@code value} in NFC, the same instance when it is in NFC already; {@code null} when it holds an
   * unpaired UTF-16 surrogate, which no normal form can hold (see {@link #unpairedSurrogate}).
   */
  static String normalize(String value) {
    int i = 0;
    while (i < value.length() && value.charAt(i) < FIRST_CHAR_NFC_MAY_CHANGE) {
      i++;
    }
    if (i == value.length()) {
      return value;
    }
    if (unpairedSurrogateFrom(value, i) >= 0) {
      return null;
    }
    return Normalizer.isNormalized(value, Normalizer.Form.NFC) ? value : Normalizer.normalize(value, Normalizer.Form.NFC);
  }

  /** Why {@link #normalize} refused {@code value}, for the message of an {@link dev.lockkey.InvalidKeyException}. */
  static String unpairedSurrogate(String value) {
    return "has an unpaired UTF-16 surrogate at index " + unpairedSurrogateFrom(value, 0) + ", so it is no Unicode text";
  }

  private static int unpairedSurrogateFrom(String value, int from) {
    for (int i = from; i < value.length(); i++) {
      char c = value.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < value.length() && Character.isLowSurrogate(value.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return i;
      }
    }
    return -1;
  }
}
