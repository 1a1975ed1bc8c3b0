package dev.lockkey.spring.job;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.Keyspace;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;
import redis.clients.jedis.UnifiedJedis;

/**
 * Three instances of one application (three Spring contexts in this JVM, each with its own Redis
 * client and executor, one key space) schedule the same {@code @ScheduledJob} every 200 ms on one
 * grid ({@link GridScheduler}), for 10 s once all three run. Checked outside the library: each occurrence ran on one
 * instance at most, and runs did at all; no two runs were ever inside at once; the store granted
 * successive runs at least holdAtLeast (150 ms) apart by its own clock (the fencing tokens it wrote
 * are its time in microseconds); a skipped run threw nothing and logged no warning.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ScheduledJobTest {
  private static final Duration HOLD_AT_LEAST = Duration.ofMillis(150);
  private static final Duration RUNNING = Duration.ofSeconds(10);

  /** One instance: the starter's auto-configuration, Spring's scheduler, the job. */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  @EnableScheduling
  static class App {
    static volatile JobLedger ledger;
    static volatile long gridNanos;
    static final List<Throwable> errors = new CopyOnWriteArrayList<>();

    @Bean
    TickJob tickJob(@Value("${tick.instance}") String instance) {
      return new TickJob(instance, ledger);
    }

    /** Spring's scheduler, which would log a job's exception: here it is recorded. */
    @Bean
    ThreadPoolTaskScheduler taskScheduler() {
      ThreadPoolTaskScheduler scheduler = new GridScheduler(gridNanos);
      scheduler.setErrorHandler(errors::add);
      return scheduler;
    }
  }

  @Test
  void eachOccurrenceRunsOnOneInstanceAndTheStoreHoldsItAtLeastHoldAtLeast() throws Exception {
    RedisFixture redis = RedisFixture.shared();
    String environment = "jobs-" + Long.toHexString(System.nanoTime());
    String fence = Keyspace.of(environment).fullKey("fence", ReportTickKey.of());
    List<LogRecord> warnings = new CopyOnWriteArrayList<>();
    Handler capture = capture(warnings);
    Logger lockkey = Logger.getLogger("dev.lockkey");
    lockkey.addHandler(capture);
    List<ConfigurableApplicationContext> instances = new ArrayList<>();
    App.errors.clear();
    App.gridNanos = System.nanoTime();
    try (UnifiedJedis store = redis.newUnifiedJedis()) {
      App.ledger = new JobLedger(App.gridNanos, () -> Long.parseLong(store.get(fence)));
      try {
        for (String instance : List.of("a", "b", "c")) {
          instances.add(new SpringApplicationBuilder(App.class).web(WebApplicationType.NONE).properties(
              "lockkey.environment=" + environment,
              "spring.data.redis.host=" + redis.host(),
              "spring.data.redis.port=" + redis.port(),
              "tick.instance=" + instance).run());
        }
        Thread.sleep(RUNNING.toMillis()); // all three running
      } finally {
        instances.forEach(ConfigurableApplicationContext::close); // before the store's client: runs read it
      }
    } finally {
      lockkey.removeHandler(capture);
    }

    List<JobLedger.Run> runs = App.ledger.runs();
    Map<Long, List<String>> byOccurrence = runs.stream().collect(Collectors.groupingBy(JobLedger.Run::occurrence,
        Collectors.mapping(JobLedger.Run::instance, Collectors.toList())));
    assertThat(byOccurrence).as("instances per occurrence").allSatisfy((occurrence, ran) ->
        assertThat(ran).as("occurrence %d", occurrence).hasSize(1));
    assertThat(runs).as("runs in %s of 200 ms occurrences", RUNNING).hasSizeGreaterThanOrEqualTo(10);
    assertThat(App.ledger.mostInside()).as("runs inside at once").isEqualTo(1);
    List<Long> tokens = runs.stream().map(JobLedger.Run::storeToken).sorted(Comparator.naturalOrder()).toList();
    for (int i = 1; i < tokens.size(); i++) {
      assertThat(tokens.get(i) - tokens.get(i - 1)).as("µs between the store's grants of runs %d and %d", i - 1, i)
          .isGreaterThanOrEqualTo(TimeUnit.NANOSECONDS.toMicros(HOLD_AT_LEAST.toNanos()));
    }
    assertThat(App.errors).as("exceptions of skipped or run jobs").isEmpty();
    assertThat(warnings).as("LockKey's warnings").extracting(LogRecord::getMessage).isEmpty();
    System.out.printf("ScheduledJobTest: %d runs, by instance %s%n", runs.size(), runs.stream()
        .collect(Collectors.groupingBy(JobLedger.Run::instance, Collectors.counting())));
  }

  private static Handler capture(List<LogRecord> into) {
    Handler handler = new Handler() {
      @Override
      public void publish(LogRecord record) {
        if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
          into.add(record);
        }
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    };
    handler.setLevel(Level.ALL);
    return handler;
  }
}
