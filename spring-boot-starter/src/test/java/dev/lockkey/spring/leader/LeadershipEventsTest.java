package dev.lockkey.spring.leader;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.leader.Leadership;
import dev.lockkey.leader.Revocation;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.event.EventListener;

/**
 * Two instances of one application with a {@link Leadership} bean on a real redis-server: one is
 * granted the leadership, as an application event; closing its context revokes it (stepped down,
 * before the context's other beans go) and the other instance is granted the next term, with a
 * higher fencing token, without waiting for the lease to run out.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LeadershipEventsTest {
  /** An event as the test saw it. */
  record Seen(String instance, String kind, long fencingToken, Revocation reason) {}

  static final List<Seen> events = new CopyOnWriteArrayList<>();

  /** One instance: the starter's auto-configuration, a leadership and listeners of its events. */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class App {
    @Value("${billing.instance}")
    String instance;

    @Bean
    Leadership billingLeadership() {
      return Leadership.of(BillingLeaderKey.of()).leaseTime(Duration.ofSeconds(30));
    }

    @EventListener
    void granted(LeadershipGrantedEvent event) {
      events.add(new Seen(instance, "granted", event.term().fencingToken(), null));
    }

    @EventListener
    void revoked(LeadershipRevokedEvent event) {
      events.add(new Seen(instance, "revoked", event.term().fencingToken(), event.reason()));
    }
  }

  @Test
  void closingTheLeadersContextStepsDownAndTheOtherInstanceIsGrantedAtOnce() throws Exception {
    String environment = "leaders-" + Long.toHexString(System.nanoTime());
    ConfigurableApplicationContext first = start("a", environment);
    ConfigurableApplicationContext second = start("b", environment);
    try {
      await(() -> events.size() >= 1);
      Seen granted = events.get(0);
      assertThat(granted.kind()).isEqualTo("granted");
      ConfigurableApplicationContext leader = granted.instance().equals("a") ? first : second;
      String other = granted.instance().equals("a") ? "b" : "a";
      long closedNanos = System.nanoTime();
      leader.close();

      await(() -> events.size() >= 3);
      assertThat(events.get(1)).isEqualTo(new Seen(granted.instance(), "revoked", granted.fencingToken(),
          Revocation.STEPPED_DOWN));
      assertThat(events.get(2).instance()).isEqualTo(other);
      assertThat(events.get(2).kind()).isEqualTo("granted");
      assertThat(events.get(2).fencingToken()).isGreaterThan(granted.fencingToken());
      assertThat(Duration.ofNanos(System.nanoTime() - closedNanos)).as("hand-over after a step-down")
          .isLessThan(Duration.ofSeconds(30)); // the lease: a released lease is not waited out
    } finally {
      first.close();
      second.close();
    }
    assertThat(events).as("events: each term granted once, then revoked once").hasSize(4);
    assertThat(events.get(3)).isEqualTo(new Seen(events.get(2).instance(), "revoked", events.get(2).fencingToken(),
        Revocation.STEPPED_DOWN));
  }

  private static ConfigurableApplicationContext start(String instance, String environment) {
    RedisFixture redis = RedisFixture.shared();
    return new SpringApplicationBuilder(App.class).web(WebApplicationType.NONE).properties(
        "lockkey.environment=" + environment,
        "spring.data.redis.host=" + redis.host(),
        "spring.data.redis.port=" + redis.port(),
        "billing.instance=" + instance).run();
  }

  private static void await(BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as("waiting for events, saw %s", events).isLessThan(deadline);
      Thread.sleep(10);
    }
  }
}
