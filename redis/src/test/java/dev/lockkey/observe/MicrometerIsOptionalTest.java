package dev.lockkey.observe;

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
 * Micrometer is optional: only {@link MicrometerLockListener} refers to it, so an application
 * without it loads every other class of lockkey-core and lockkey-redis, and locks with a listener, without error.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MicrometerIsOptionalTest {
  private static final String MICROMETER_LISTENER = MicrometerLockListener.class.getName();

  @Test
  void noClassButTheMicrometerListenerRefersToMicrometer() {
    assertThat(OptionalDependency.libraryClassesReferringTo("io/micrometer/"))
        .isNotEmpty()
        .allMatch(name -> name.startsWith(MICROMETER_LISTENER));
  }

  @Test
  void everyOtherClassLoadsAndLockingWorksWithoutMicrometer() throws Exception {
    try (URLClassLoader loader = OptionalDependency.classPathWithout("micrometer")) {
      assertThatThrownBy(() -> loader.loadClass("io.micrometer.core.instrument.MeterRegistry"))
          .isInstanceOf(ClassNotFoundException.class);
      for (String name : OptionalDependency.libraryClassNames()) {
        if (!name.startsWith(MICROMETER_LISTENER)) {
          assertThat(Class.forName(name, true, loader).getClassLoader()).as(name).isSameAs(loader);
        }
      }

      @SuppressWarnings("unchecked")
      Function<String, String> application = (Function<String, String>)
          loader.loadClass(WithoutMicrometer.class.getName()).getConstructor().newInstance();
      RedisFixture redis = RedisFixture.shared();
      String report = application.apply(redis.host() + ":" + redis.port());

      assertThat(report).startsWith("lockkey hot keys: top 1 of 1 contentions\n  1 PaymentCapture (payment:capture:v1) #");
    }
  }
}
