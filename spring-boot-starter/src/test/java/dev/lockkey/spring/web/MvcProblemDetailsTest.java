package dev.lockkey.spring.web;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.web.servlet.DispatcherServlet;

/** The problem details of a Spring MVC application on a real embedded Tomcat. */
@SpringBootTest(classes = WebApp.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = "spring.main.web-application-type=servlet")
class MvcProblemDetailsTest extends ProblemDetailsContract {

  @Override
  Class<?> dispatcher() {
    return DispatcherServlet.class;
  }
}
