package dev.lockkey.codec;

/**
 * Turns a single flight's result into bytes for {@code result:env:{body}} and back. Every server
 * that shares a key must use the same codec. Built in: {@link #utf8()} and {@link #bytes()}; write
 * your own for anything else, e.g. around a JSON mapper:
 *
 * <pre>{@code
 * ResultCodec<Summary> json = new ResultCodec<>() {
 *   public byte[] encode(Summary value) { return mapper.writeValueAsBytes(value); }
 *   public Summary decode(byte[] bytes) { return mapper.readValue(bytes, Summary.class); }
 * };
 * }</pre>
 *
 * @param <T> the result type
 */
public interface ResultCodec<T> {
  /**
   * The bytes to store for {@code value}; {@code value} is never {@code null}.
   *
   * @param value the value to store, never {@code null}
   * @return the bytes to store for {@code value}
   */
  byte[] encode(T value);

  /**
   * The value stored as {@code bytes} by {@link #encode}.
   *
   * @param bytes the bytes {@link #encode} made
   * @return the value stored as {@code bytes} by {@code #encode}
   */
  T decode(byte[] bytes);

  /**
   * Strings as UTF-8.
   *
   * @return the codec
   */
  static ResultCodec<String> utf8() {
    return BuiltInCodecs.UTF8;
  }

  /**
   * Byte arrays as they are (copied, so neither side can change the other's array).
   *
   * @return the codec
   */
  static ResultCodec<byte[]> bytes() {
    return BuiltInCodecs.BYTES;
  }
}
