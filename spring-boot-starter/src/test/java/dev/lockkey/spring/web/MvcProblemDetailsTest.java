package dev.lockkey.spring.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.web.servlet.DispatcherServlet;

/** The problem details of a Spring MVC application on a real embedded Tomcat. */
@SpringBootTest(classes = WebApp.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = "spring.main.web-application-type=servlet")
class MvcProblemDetailsTest extends ProblemDetailsContract {

  @Test
  void itIsAnMvcApplication(@Autowired ApplicationContext context) {
    assertThat(context.getBeanNamesForType(DispatcherServlet.class)).isNotEmpty();
  }
}
