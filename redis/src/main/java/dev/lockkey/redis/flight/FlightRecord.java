package dev.lockkey.redis.flight;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * What {@code result:env:{body}} holds: a value as its codec encoded it, or a failure marked
 * deterministic as its exception type and message (never a stack trace). One tag byte first:
 * {@code v} then the value's bytes; {@code f} then UTF-8 {@code type '\n' message}.
 *
 * @param value the encoded value, or {@code null} for a failure
 * @param failureType the failed computation's exception class name, or {@code null} for a value
 * @param failureMessage that exception's message ({@code ""} when it had none), or {@code null}
 */
record FlightRecord(byte[] value, String failureType, String failureMessage) {
  /** Longer failure messages are cut: a message is for people, and Redis is no log store. */
  static final int MAX_MESSAGE_LENGTH = 1000;

  private static final byte VALUE = 'v';
  private static final byte FAILURE = 'f';

  static FlightRecord ofValue(byte[] value) {
    return new FlightRecord(value, null, null);
  }

  static FlightRecord ofFailure(Exception failure) {
    String message = failure.getMessage() == null ? "" : failure.getMessage();
    if (message.length() > MAX_MESSAGE_LENGTH) {
      message = message.substring(0, MAX_MESSAGE_LENGTH) + "...";
    }
    return new FlightRecord(null, failure.getClass().getName(), message);
  }

  boolean isFailure() {
    return value == null;
  }

  byte[] toBytes() {
    if (isFailure()) {
      byte[] text = (failureType + '\n' + failureMessage).getBytes(StandardCharsets.UTF_8);
      byte[] bytes = new byte[text.length + 1];
      bytes[0] = FAILURE;
      System.arraycopy(text, 0, bytes, 1, text.length);
      return bytes;
    }
    byte[] bytes = new byte[value.length + 1];
    bytes[0] = VALUE;
    System.arraycopy(value, 0, bytes, 1, value.length);
    return bytes;
  }

  /**
   * @throws IllegalStateException when {@code bytes} is no record (someone else wrote the key)
   */
  static FlightRecord fromBytes(String fullKey, byte[] bytes) {
    if (bytes.length > 0 && bytes[0] == VALUE) {
      return ofValue(Arrays.copyOfRange(bytes, 1, bytes.length));
    }
    if (bytes.length > 0 && bytes[0] == FAILURE) {
      String text = new String(bytes, 1, bytes.length - 1, StandardCharsets.UTF_8);
      int newline = text.indexOf('\n');
      if (newline > 0) {
        return new FlightRecord(null, text.substring(0, newline), text.substring(newline + 1));
      }
    }
    throw new IllegalStateException(fullKey + " holds no single flight result: was it written by something else?");
  }
}
