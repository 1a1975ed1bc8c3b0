package dev.lockkey.spring.web;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.web.reactive.DispatcherHandler;

/** The problem details of a Spring WebFlux application on a real embedded server. */
@SpringBootTest(classes = WebApp.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = "spring.main.web-application-type=reactive")
class WebFluxProblemDetailsTest extends ProblemDetailsContract {

  @Override
  Class<?> dispatcher() {
    return DispatcherHandler.class;
  }
}
