package dev.lockkey.spring.web;

import dev.lockkey.lock.LockException;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication.Type;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.http.ProblemDetail;

/**
 * The {@link LockKeyProblemDetails} handler in a web application: a servlet application with
 * Spring MVC on the class path, or a reactive one with WebFlux. On unless
 * {@code lockkey.web.problem-details.enabled=false}.
 */
@AutoConfiguration
@ConditionalOnClass({ProblemDetail.class, LockException.class})
@ConditionalOnProperty(prefix = "lockkey.web.problem-details", name = "enabled", matchIfMissing = true)
@Conditional(LockKeyWebAutoConfiguration.MvcOrWebFlux.class)
public class LockKeyWebAutoConfiguration {

  /** Made by Spring. */
  public LockKeyWebAutoConfiguration() {}

  /**
   * The handler of LockKey's refusals, which the application's own handlers take precedence over.
   *
   * @return the {@code @ControllerAdvice} bean
   */
  @Bean
  public LockKeyProblemDetails lockKeyProblemDetails() {
    return new LockKeyProblemDetails();
  }

  /** A Spring MVC application or a WebFlux one: the two kinds whose handlers a controller advice is. */
  static final class MvcOrWebFlux extends AnyNestedCondition {
    MvcOrWebFlux() {
      super(ConfigurationPhase.PARSE_CONFIGURATION);
    }

    @ConditionalOnWebApplication(type = Type.SERVLET)
    @ConditionalOnClass(name = "org.springframework.web.servlet.DispatcherServlet")
    static final class Mvc {}

    @ConditionalOnWebApplication(type = Type.REACTIVE)
    @ConditionalOnClass(name = "org.springframework.web.reactive.DispatcherHandler")
    static final class WebFlux {}
  }
}
