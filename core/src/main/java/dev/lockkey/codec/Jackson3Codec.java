package dev.lockkey.codec;

import java.util.Objects;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * Results as JSON through Jackson 3 ({@code tools.jackson.databind}, the Jackson of Spring Boot 4),
 * for records and other user types: the one class of the runtime that needs Jackson 3, an optional
 * dependency. {@link JacksonCodec} is the same for Jackson 2.
 *
 * <pre>{@code
 * ResultCodec<Receipt> receipts = Jackson3Codec.of(Receipt.class);
 * }</pre>
 *
 * Every server sharing a key must map the type alike. Immutable and thread-safe, as Jackson 3's
 * mappers are.
 *
 * @param <T> the result type
 */
public final class Jackson3Codec<T> implements ResultCodec<T> {
  private final ObjectMapper mapper;
  private final JavaType type;

  private Jackson3Codec(ObjectMapper mapper, JavaType type) {
    this.mapper = mapper;
    this.type = type;
  }

  /**
   * {@code type} with a default {@link JsonMapper}, shared by every such codec (Jackson 3 reads and
   * writes records and {@code java.time} types as they are).
   *
   * @param <T> the result type
   * @param type the class of the results, e.g. a record
   * @return a codec writing and reading {@code type} as JSON
   */
  public static <T> Jackson3Codec<T> of(Class<T> type) {
    return of(DefaultMapper.INSTANCE, type);
  }

  /**
   * {@code type} with the application's own {@code mapper}, e.g. Spring Boot's {@code JsonMapper} bean.
   *
   * @param <T> the result type
   * @param mapper the mapper that writes and reads the results
   * @param type the class of the results, e.g. a record
   * @return a codec writing and reading {@code type} as JSON through {@code mapper}
   */
  public static <T> Jackson3Codec<T> of(ObjectMapper mapper, Class<T> type) {
    Objects.requireNonNull(mapper, "mapper");
    return new Jackson3Codec<>(mapper, mapper.constructType(Objects.requireNonNull(type, "type")));
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalArgumentException when the mapper cannot write {@code value}
   */
  @Override
  public byte[] encode(T value) {
    try {
      return mapper.writeValueAsBytes(value);
    } catch (JacksonException e) {
      throw new IllegalArgumentException("cannot write " + type + " as JSON", e);
    }
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException when the stored bytes are no JSON of the type
   */
  @Override
  public T decode(byte[] bytes) {
    try {
      return mapper.readValue(bytes, type);
    } catch (JacksonException e) {
      throw new IllegalStateException("cannot read " + type + " from JSON", e);
    }
  }

  @Override
  public String toString() {
    return "Jackson3Codec[" + type + "]";
  }

  /** The default mapper, made at the first use: immutable, so one serves every codec. */
  private static final class DefaultMapper {
    static final JsonMapper INSTANCE = new JsonMapper();
  }
}
