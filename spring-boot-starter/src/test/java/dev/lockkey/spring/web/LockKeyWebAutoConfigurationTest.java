package dev.lockkey.spring.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;

/** Where the problem details handler is: in MVC and WebFlux applications, unless turned off; never elsewhere. */
class LockKeyWebAutoConfigurationTest {
  private static final AutoConfigurations WEB = AutoConfigurations.of(LockKeyWebAutoConfiguration.class);
  private static final String OFF = "lockkey.web.problem-details.enabled=false";

  @Test
  void anMvcApplicationHasItUnlessTurnedOff() {
    WebApplicationContextRunner mvc = new WebApplicationContextRunner().withConfiguration(WEB);
    mvc.run(context -> assertThat(context).hasSingleBean(LockKeyProblemDetails.class));
    mvc.withPropertyValues(OFF).run(context -> assertThat(context).doesNotHaveBean(LockKeyProblemDetails.class));
  }

  @Test
  void aWebFluxApplicationHasItUnlessTurnedOff() {
    ReactiveWebApplicationContextRunner webFlux = new ReactiveWebApplicationContextRunner().withConfiguration(WEB);
    webFlux.run(context -> assertThat(context).hasSingleBean(LockKeyProblemDetails.class));
    webFlux.withPropertyValues(OFF)
        .run(context -> assertThat(context).doesNotHaveBean(LockKeyProblemDetails.class));
  }

  @Test
  void anApplicationWithoutAWebServerHasNone() {
    new ApplicationContextRunner().withConfiguration(WEB)
        .run(context -> assertThat(context).doesNotHaveBean(LockKeyProblemDetails.class));
  }
}
