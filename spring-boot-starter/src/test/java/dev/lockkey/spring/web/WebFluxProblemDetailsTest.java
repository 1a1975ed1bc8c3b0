package dev.lockkey.spring.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.web.reactive.DispatcherHandler;

/** The problem details of a Spring WebFlux application on a real embedded server. */
@SpringBootTest(classes = WebApp.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = "spring.main.web-application-type=reactive")
class WebFluxProblemDetailsTest extends ProblemDetailsContract {

  @Test
  void itIsAWebFluxApplication(@Autowired ApplicationContext context) {
    assertThat(context.getBeanNamesForType(DispatcherHandler.class)).isNotEmpty();
  }
}
