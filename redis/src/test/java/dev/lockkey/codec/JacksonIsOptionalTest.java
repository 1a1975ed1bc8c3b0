package dev.lockkey.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.OptionalDependency;
import dev.lockkey.testing.RedisFixture;
import java.net.URLClassLoader;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Jackson is optional: only {@link JacksonCodec} refers to it, so an application without it loads
 * every other class of lockkey-core and lockkey-redis, and makes idempotent calls with its own codecs, without error.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JacksonIsOptionalTest {
  private static final String JACKSON_CODEC = JacksonCodec.class.getName();

  @Test
  void noClassButTheJacksonCodecRefersToJackson() {
    assertThat(OptionalDependency.libraryClassesReferringTo("com/fasterxml/")).containsExactly(JACKSON_CODEC);
  }

  @Test
  void everyOtherClassLoadsAndIdempotentCallsWorkWithoutJackson() throws Exception {
    try (URLClassLoader loader = OptionalDependency.classPathWithout("jackson")) {
      assertThatThrownBy(() -> loader.loadClass("com.fasterxml.jackson.databind.ObjectMapper"))
          .isInstanceOf(ClassNotFoundException.class);
      for (String name : OptionalDependency.libraryClassNames()) {
        if (!name.equals(JACKSON_CODEC)) {
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
