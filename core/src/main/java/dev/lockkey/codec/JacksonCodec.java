package dev.lockkey.codec;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Objects;

/**
 * Results as JSON through Jackson, for records and other user types: the one class of the runtime
 * that needs {@code jackson-databind}, an optional dependency; add it to use this codec.
 *
 * <pre>{@code
 * ResultCodec<Receipt> receipts = JacksonCodec.of(Receipt.class);
 * }</pre>
 *
 * Every server sharing a key must map the type alike. Immutable and thread-safe when the mapper
 * is not reconfigured.
 *
 * @param <T> the result type
 */
public final class JacksonCodec<T> implements ResultCodec<T> {
  private final ObjectMapper mapper;
  private final JavaType type;

  private JacksonCodec(ObjectMapper mapper, JavaType type) {
    this.mapper = mapper;
    this.type = type;
  }

  /**
   * {@code type} with a new default {@link ObjectMapper} (records are supported as they are).
   *
   * @param <T> the result type
   * @param type the class of the results, e.g. a record
   * @return a codec writing and reading {@code type} as JSON
   */
  public static <T> JacksonCodec<T> of(Class<T> type) {
    return of(new ObjectMapper(), type);
  }

  /**
   * {@code type} with the application's own {@code mapper}, e.g. one that knows {@code java.time}.
   *
   * @param <T> the result type
   * @param mapper the mapper that writes and reads the results; not copied, so keep it unchanged
   * @param type the class of the results, e.g. a record
   * @return a codec writing and reading {@code type} as JSON through {@code mapper}
   */
  public static <T> JacksonCodec<T> of(ObjectMapper mapper, Class<T> type) {
    Objects.requireNonNull(mapper, "mapper");
    return new JacksonCodec<>(mapper, mapper.constructType(Objects.requireNonNull(type, "type")));
  }

  @Override
  public byte[] encode(T value) {
    try {
      return mapper.writeValueAsBytes(value);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + type + " as JSON", e);
    }
  }

  @Override
  public T decode(byte[] bytes) {
    try {
      return mapper.readValue(bytes, type);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + type + " from JSON", e);
    }
  }

  @Override
  public String toString() {
    return "JacksonCodec[" + type + "]";
  }
}
