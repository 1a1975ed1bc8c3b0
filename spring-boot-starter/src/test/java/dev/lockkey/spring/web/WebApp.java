package dev.lockkey.spring.web;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/** The web application of the problem details tests: every auto-configuration on the class path, no component scan. */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import({ShipmentController.class, PartnerController.class, PartnerController.OwnRefusals.class})
public class WebApp {
  @Bean
  ShipmentDesk shipmentDesk() {
    return new ShipmentDesk();
  }
}
