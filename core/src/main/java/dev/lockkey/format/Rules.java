package dev.lockkey.format;

/**
 * The stable names of the rules an {@link dev.lockkey.InvalidKeyException} reports. They are part
 * of the contract (users may match on them), so they never change.
 */
final class Rules {
  /** A required value, or an {@code Optional} or collection itself, is null. */
  static final String NULL = "null";
  /** A required string is empty or only white space. */
  static final String BLANK = "blank";
  /** A required collection has no elements. */
  static final String EMPTY = "empty";
  /** A collection holds a null element. */
  static final String NULL_ELEMENT = "null-element";
  /** A string holds a surrogate without its partner, so it is no Unicode text. */
  static final String UNPAIRED_SURROGATE = "unpaired-surrogate";
  /** Canonical text has more code points than {@code @MaxLength} allows. */
  static final String MAX_LENGTH = "max-length";
  /** A window start lies outside the years 0000 to 9999. */
  static final String OUT_OF_RANGE = "out-of-range";
  /** The body, or one value on its own, is longer than {@link KeyFormat#MAX_BODY_BYTES}. */
  static final String TOO_LONG = "too-long";

  /** Two members of one JSON object have one name once normalised (NFC), e.g. two map keys. */
  static final String DUPLICATE_MEMBER = "duplicate-member";

  private Rules() {}
}
