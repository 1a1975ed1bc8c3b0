package dev.lockkey.spring.guard;

import dev.lockkey.codec.Jackson3Codec;
import dev.lockkey.codec.JacksonCodec;
import dev.lockkey.codec.ResultCodec;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.util.ClassUtils;

/**
 * The codec of an {@code @Idempotent} result type through the application's own Jackson mapper
 * bean, so that results are written as the application writes its JSON ({@code spring.jackson.*},
 * its modules): Spring Boot 4's {@code JsonMapper} (Jackson 3), else Boot 3's {@code ObjectMapper}
 * (Jackson 2). Without such a bean there is none here, and the runtime's default mapper of the
 * Jackson on the class path stores the results.
 */
final class ApplicationMapperCodecs {
  private static final ClassLoader LOADER = ApplicationMapperCodecs.class.getClassLoader();
  private static final boolean JACKSON_3 = ClassUtils.isPresent("tools.jackson.databind.json.JsonMapper", LOADER);
  private static final boolean JACKSON_2 = ClassUtils.isPresent("com.fasterxml.jackson.databind.ObjectMapper", LOADER);

  private ApplicationMapperCodecs() {}

  /**
   * The codec of {@code type} through the application's one mapper bean (or its primary one).
   *
   * @return the codec, or {@code null} when the application has no Jackson mapper bean
   */
  static ResultCodec<?> find(BeanFactory beans, Class<?> type) {
    ResultCodec<?> codec = JACKSON_3 ? Jackson3.codec(beans, type) : null;
    return codec == null && JACKSON_2 ? Jackson2.codec(beans, type) : codec;
  }

  /** Loaded only when Jackson 3 is on the class path. */
  private static final class Jackson3 {
    static ResultCodec<?> codec(BeanFactory beans, Class<?> type) {
      tools.jackson.databind.json.JsonMapper mapper =
          beans.getBeanProvider(tools.jackson.databind.json.JsonMapper.class).getIfUnique();
      return mapper == null ? null : Jackson3Codec.of(mapper, type);
    }
  }

  /** Loaded only when Jackson 2 is on the class path. */
  private static final class Jackson2 {
    static ResultCodec<?> codec(BeanFactory beans, Class<?> type) {
      com.fasterxml.jackson.databind.ObjectMapper mapper =
          beans.getBeanProvider(com.fasterxml.jackson.databind.ObjectMapper.class).getIfUnique();
      return mapper == null ? null : JacksonCodec.of(mapper, type);
    }
  }
}
