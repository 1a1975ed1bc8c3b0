package dev.lockkey.scratch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every published jar names its module, so that a modular application requires it by a stable
 * name: the module system derives that name from the jar itself, as it would on a module path.
 */
class ModuleNamesTest {

  @ParameterizedTest
  @CsvSource({
      "dev.lockkey.KeySecret, dev.lockkey.core",
      "dev.lockkey.redis.RedisLockExecutor, dev.lockkey.redis",
      "dev.lockkey.processor.LockKeyProcessor, dev.lockkey.processor",
      "dev.lockkey.testing.RedisFixture, dev.lockkey.testing",
      "dev.lockkey.dynamodb.DynamoLockExecutor, dev.lockkey.dynamodb",
      "dev.lockkey.jdbc.JdbcLockExecutor, dev.lockkey.jdbc",
      "dev.lockkey.spring.autoconfigure.LockKeyAutoConfiguration, dev.lockkey.spring"})
  void theJarNamesItsModule(String classInJar, String name) throws IOException {
    BuiltJar jar = ThisBuild.jarOrSkip(classInJar);

    assertThat(jar.manifestAttribute("Automatic-Module-Name")).isEqualTo(name);
    assertThat(ModuleFinder.of(jar.jar()).findAll())
        .singleElement()
        .extracting(ModuleReference::descriptor)
        .satisfies(descriptor -> {
          assertThat(descriptor.name()).isEqualTo(name);
          assertThat(descriptor.isAutomatic()).isTrue();
        });
  }
}
