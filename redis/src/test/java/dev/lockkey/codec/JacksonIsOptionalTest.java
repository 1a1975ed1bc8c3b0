package dev.lockkey.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.OptionalDependency;
import dev.lockkey.testing.RedisFixture;
import java.net.URLClassLoader;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Jackson is optional, both lines: only {@link JacksonCodec} refers to Jackson 2 and only
 * {@link Jackson3Codec} to Jackson 3, so an application without either loads every other class of
 * lockkey-core and lockkey-redis, and makes idempotent calls with its own codecs, without error.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JacksonIsOptionalTest {
  private static final List<String> JACKSON_2_CLASSES = List.of(JacksonCodec.class.getName());
  /** The codec and the holder of its default mapper. */
  private static final List<String> JACKSON_3_CLASSES =
      List.of(Jackson3Codec.class.getName(), Jackson3Codec.class.getName() + "$DefaultMapper");

  @Test
  void noClassButTheJacksonCodecsReferToJackson() {
    assertThat(OptionalDependency.libraryClassesReferringTo("com/fasterxml/")).isEqualTo(JACKSON_2_CLASSES);
    assertThat(OptionalDependency.libraryClassesReferringTo("tools/jackson/")).isEqualTo(JACKSON_3_CLASSES);
  }

  @Test
  void everyOtherClassLoadsAndIdempotentCallsWorkWithoutJackson() throws Exception {
    try (URLClassLoader loader = OptionalDependency.classPathWithout("jackson")) {
      assertThatThrownBy(() -> loader.loadClass("com.fasterxml.jackson.databind.ObjectMapper"))
          .isInstanceOf(ClassNotFoundException.class);
      assertThatThrownBy(() -> loader.loadClass("tools.jackson.databind.ObjectMapper"))
          .isInstanceOf(ClassNotFoundException.class);
      for (String name : OptionalDependency.libraryClassNames()) {
        if (!JACKSON_2_CLASSES.contains(name) && !JACKSON_3_CLASSES.contains(name)) {
          assertThat(Class.forName(name, true, loader).getClassLoader()).as(name).isSameAs(loader);
        }
      }

      @SuppressWarnings("unchecked")
      Function<String, String> application = (Function<String, String>)
          loader.loadClass(WithoutJackson.class.getName()).getConstructor().newInstance();
      RedisFixture redis = RedisFixture.shared();

      assertThat(application.apply(redis.host() + ":" + redis.port())).isEqualTo("receipt-1,receipt-1");
    }
  }
}
