package dev.lockkey.redis.connection;

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
 * Lettuce is optional: only the Lettuce adapter's classes refer to it, so an application on Jedis
 * alone loads every other class of lockkey-core and lockkey-redis, and takes locks, without error.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LettuceIsOptionalTest {
  private static final String ADAPTER = LettuceConnection.class.getPackageName() + ".Lettuce";

  @Test
  void noClassButTheLettuceAdapterRefersToLettuce() {
    assertThat(OptionalDependency.libraryClassesReferringTo("io/lettuce/")).isNotEmpty()
        .allSatisfy(name -> assertThat(name).startsWith(ADAPTER));
  }

  @Test
  void everyOtherClassLoadsAndLocksWorkWithoutLettuce() throws Exception {
    try (URLClassLoader loader = OptionalDependency.classPathWithout("lettuce")) {
      assertThatThrownBy(() -> loader.loadClass("io.lettuce.core.RedisClient")).isInstanceOf(ClassNotFoundException.class);
      for (String name : OptionalDependency.libraryClassNames()) {
        if (!name.startsWith(ADAPTER)) {
          assertThat(Class.forName(name, true, loader).getClassLoader()).as(name).isSameAs(loader);
        }
      }
      @SuppressWarnings("unchecked")
      Function<String, String> application = (Function<String, String>)
          loader.loadClass(WithoutLettuce.class.getName()).getConstructor().newInstance();
      RedisFixture redis = RedisFixture.shared();

      assertThat(application.apply(redis.host() + ":" + redis.port())).isEqualTo("acquired,released");
    }
  }
}
