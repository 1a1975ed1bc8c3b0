package dev.lockkey.codec;

import java.nio.charset.StandardCharsets;

/** The codecs {@link ResultCodec#utf8()} and {@link ResultCodec#bytes()} return. */
final class BuiltInCodecs {
  static final ResultCodec<String> UTF8 = new ResultCodec<>() {
    @Override
    public byte[] encode(String value) {
      return value.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public String decode(byte[] bytes) {
      return new String(bytes, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
      return "ResultCodec.utf8()";
    }
  };

  static final ResultCodec<byte[]> BYTES = new ResultCodec<>() {
    @Override
    public byte[] encode(byte[] value) {
      return value.clone();
    }

    @Override
    public byte[] decode(byte[] bytes) {
      return bytes.clone();
    }

    @Override
    public String toString() {
      return "ResultCodec.bytes()";
    }
  };

  private BuiltInCodecs() {}
}
