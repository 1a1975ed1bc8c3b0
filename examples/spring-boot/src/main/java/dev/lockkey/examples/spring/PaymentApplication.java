package dev.lockkey.examples.spring;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The payment service. With the {@code dev} profile it starts a redis-server of its own
 * ({@link DevRedis}); otherwise it uses the Redis of {@code spring.data.redis.*}.
 */
@SpringBootApplication
public class PaymentApplication {
  public static void main(String[] args) {
    SpringApplication.run(PaymentApplication.class, args);
  }
}
