package dev.lockkey.guard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.OptionalDependency;
import dev.lockkey.codec.Jackson3Codec;
import dev.lockkey.codec.JacksonCodec;
import java.io.File;
import java.net.URLClassLoader;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The JSON codec of results follows the class path: Jackson 3 when it is there (as in Spring Boot
 * 4), else Jackson 2 (as in Spring Boot 3.5), else a failure that names both.
 */
class ResultCodecsTest {

  @Test
  void jackson3WinsWhenBothAreThere() throws Exception {
    assertThat(new JsonResultCodecs().get()).isEqualTo(Jackson3Codec.class.getName());
  }

  @Test
  void jackson2StoresTheResultsWithoutJackson3() throws Exception {
    assertThat(codecWithout("tools" + File.separator + "jackson")).isEqualTo(JacksonCodec.class.getName());
  }

  @Test
  void withoutJacksonTheFailureNamesBothLines() throws Exception {
    assertThat(codecWithout("jackson"))
        .contains("which no codec stores")
        .contains("tools.jackson.core or com.fasterxml.jackson.core:jackson-databind");
  }

  /** What {@link JsonResultCodecs} answers in a class loader without {@code library}'s jars. */
  private static String codecWithout(String library) throws Exception {
    try (URLClassLoader loader = OptionalDependency.classPathWithout(library)) {
      @SuppressWarnings("unchecked")
      Supplier<String> codecs = (Supplier<String>)
          loader.loadClass(JsonResultCodecs.class.getName()).getConstructor().newInstance();
      return codecs.get();
    }
  }
}
