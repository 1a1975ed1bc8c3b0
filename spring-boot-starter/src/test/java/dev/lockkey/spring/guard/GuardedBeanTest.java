package dev.lockkey.spring.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.guard.RateLimitedException;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.spring.SharedRedis;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Guarded bean methods in a whole Spring Boot application on a real redis-server: the starter's
 * advisor proxies the bean, and each call runs through the generated {@code DispatchServiceGuards}.
 */
@SpringBootTest
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class GuardedBeanTest {
  private static final int THREADS = 8;
  private static final int CALLS_PER_THREAD = 25;

  /** The application: every auto-configuration on the class path and the guarded bean. */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class App {
    @Bean
    DispatchService dispatchService() {
      return new DispatchService();
    }
  }

  @DynamicPropertySource
  static void redis(DynamicPropertyRegistry registry) {
    SharedRedis.register(registry, "guards");
  }

  @Autowired DispatchService service;

  private final ExecutorService threads = Executors.newFixedThreadPool(THREADS);

  @AfterEach
  void stopThreads() throws InterruptedException {
    service.openGate();
    threads.shutdownNow();
    assertThat(threads.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void theBeanIsProxied() {
    assertThat(AopUtils.isAopProxy(service)).isTrue();
  }

  @Test
  void eightThreadsOnOneShipmentNeverOverlapAndEachGetsItsOwnFencingToken() throws Exception {
    List<Future<List<Long>>> futures = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      futures.add(threads.submit(() -> {
        List<Long> tokens = new ArrayList<>();
        for (int i = 0; i < CALLS_PER_THREAD; i++) {
          tokens.add(service.dispatch("acme", 4711, null));
        }
        return tokens;
      }));
    }
    Set<Long> tokens = new HashSet<>();
    for (Future<List<Long>> future : futures) {
      tokens.addAll(future.get(60, TimeUnit.SECONDS));
    }

    assertThat(service.overlaps()).isZero();
    assertThat(tokens).hasSize(THREADS * CALLS_PER_THREAD);
  }

  @Test
  void anotherShipmentRunsWhileOneIsHeld() throws Exception {
    service.closeGate();
    Future<Long> holder = threads.submit(() -> service.dispatch("acme", 1, null));
    assertThat(service.awaitEntered()).isTrue();

    // waitTime = "0s": a held shipment fails at once (409 for a web layer), another runs at once
    assertThat(service.tryDispatch("acme", 2)).isTrue();
    assertThatThrownBy(() -> service.tryDispatch("acme", 1)).isInstanceOf(LockTimeoutException.class);

    service.openGate();
    assertThat(holder.get(30, TimeUnit.SECONDS)).isPositive();
  }

  @Test
  void aRateLimitOfFiveDeniesTheSixthCall() {
    for (int i = 0; i < 5; i++) {
      service.quote("acme", 99);
    }
    assertThatThrownBy(() -> service.quote("acme", 99))
        .isInstanceOfSatisfying(RateLimitedException.class, denied -> assertThat(denied.retryAfter()).isPositive());
    assertThat(service.quotes()).isEqualTo(5);
  }
}
