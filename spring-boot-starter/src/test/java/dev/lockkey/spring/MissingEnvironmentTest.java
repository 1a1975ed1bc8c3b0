package dev.lockkey.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.spring.autoconfigure.LockKeyEnvironmentException;
import dev.lockkey.testing.RedisFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/** An application started without {@code lockkey.environment} stops with a report that says how to set it. */
@ExtendWith(OutputCaptureExtension.class)
class MissingEnvironmentTest {
  /** The web starters are on the test class path: no server on a fixed port for an application that fails anyway. */
  private static final String NO_SERVER = "--spring.main.web-application-type=none";

  /** The application: every auto-configuration on the class path, no component scan. */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class App {}

  @Test
  void theStartupFailureReportSaysHowToSetTheEnvironment(CapturedOutput output) {
    SpringApplication application = new SpringApplication(App.class);
    assertThatThrownBy(() -> application.run(
        "--spring.data.redis.port=" + RedisFixture.shared().port(), "--spring.main.banner-mode=off", NO_SERVER))
        .hasRootCauseInstanceOf(LockKeyEnvironmentException.class);
    assertThat(output.toString())
        .contains("APPLICATION FAILED TO START")
        .contains("LockKey needs an environment word for its Redis keys (lock:<environment>:{...}), "
            + "and lockkey.environment is not set.")
        .contains("lockkey.environment=prod in application.properties")
        .contains("LOCKKEY_ENVIRONMENT=prod");
  }

  @Test
  void anEnvironmentThatIsNoWordIsReportedWithTheRule(CapturedOutput output) {
    SpringApplication application = new SpringApplication(App.class);
    assertThatThrownBy(() -> application.run("--lockkey.environment=Prod", "--spring.main.banner-mode=off",
        "--spring.data.redis.port=" + RedisFixture.shared().port(), NO_SERVER))
        .hasRootCauseInstanceOf(IllegalArgumentException.class);
    assertThat(output.toString()).contains("lockkey.environment='Prod' is none:").contains("a-z, 0-9");
  }
}
