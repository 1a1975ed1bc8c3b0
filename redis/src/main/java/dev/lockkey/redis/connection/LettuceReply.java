package dev.lockkey.redis.connection;

import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.output.CommandOutput;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * A script's reply as the port promises it: integers as {@code Long}, bulk and status strings as
 * {@code byte[]}, arrays (also nested) as {@code List}, nil as {@code null}. Lettuce's own script
 * outputs each fix one shape (an integer, a list...), and its {@code OBJECT} output wraps a
 * top-level integer in a list, while LockKey's scripts answer in several shapes. An array is done
 * when it holds as many elements as its header announced.
 */
final class LettuceReply extends CommandOutput<byte[], byte[], Object> {
  /** An array still being filled, and how many elements it will hold. */
  private record Open(List<Object> elements, int size) {}

  private final Deque<Open> open = new ArrayDeque<>();

  LettuceReply() {
    super(ByteArrayCodec.INSTANCE, null);
  }

  @Override
  public void set(long integer) {
    add(integer);
  }

  @Override
  public void set(ByteBuffer bytes) {
    add(bytes == null ? null : bytes(bytes));
  }

  @Override
  public void setSingle(ByteBuffer bytes) {
    add(bytes == null ? null : bytes(bytes));
  }

  @Override
  public void set(double number) {
    add(number);
  }

  @Override
  public void set(boolean flag) {
    add(flag ? 1L : null); // as RESP2 turns a script's true and false
  }

  @Override
  public void multi(int count) {
    if (count < 0) {
      add(null); // a nil array
      return;
    }
    List<Object> elements = new ArrayList<>(count);
    add(elements);
    if (count > 0) {
      open.push(new Open(elements, count));
    }
  }

  private void add(Object value) {
    if (open.isEmpty()) {
      output = value;
      return;
    }
    open.peek().elements().add(value);
    while (!open.isEmpty() && open.peek().elements().size() == open.peek().size()) {
      open.pop();
    }
  }

  private static byte[] bytes(ByteBuffer buffer) {
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    return bytes;
  }
}
