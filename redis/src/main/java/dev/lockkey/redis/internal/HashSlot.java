package dev.lockkey.redis.internal;

import java.nio.charset.StandardCharsets;

/**
 * The Redis Cluster hash slot of a key: CRC16 (XMODEM) of the key's hash tag (the text between the
 * first {@code {} and the next {@code }}, when not empty) or else of the whole key, modulo 16384,
 * as the Redis Cluster specification defines it. Computed here, not by a client, so that the
 * executor needs none. Not API.
 */
final class HashSlot {
  private static final int SLOTS = 16384;

  private HashSlot() {}

  /** The slot of {@code key}. */
  static int of(String key) {
    byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
    int start = 0;
    int end = bytes.length;
    int open = indexOf(bytes, (byte) '{', 0);
    if (open >= 0) {
      int close = indexOf(bytes, (byte) '}', open + 1);
      if (close > open + 1) {
        start = open + 1;
        end = close;
      }
    }
    int crc = 0;
    for (int i = start; i < end; i++) {
      crc ^= (bytes[i] & 0xff) << 8;
      for (int bit = 0; bit < 8; bit++) {
        crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
      }
    }
    return (crc & 0xffff) % SLOTS;
  }

  private static int indexOf(byte[] bytes, byte wanted, int from) {
    for (int i = from; i < bytes.length; i++) {
      if (bytes[i] == wanted) {
        return i;
      }
    }
    return -1;
  }
}
