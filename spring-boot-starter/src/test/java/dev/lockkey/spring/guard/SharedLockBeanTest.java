package dev.lockkey.spring.guard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.permit.Permits;
import dev.lockkey.redis.permit.RedisPermits;
import dev.lockkey.redis.rwlock.RedisReadWriteLocks;
import dev.lockkey.rwlock.ReadWriteLocks;
import dev.lockkey.spring.SharedRedis;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
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
 * {@code @Permitted}, {@code @ReadLocked} and {@code @WriteLocked} bean methods in a whole Spring
 * Boot application on a real redis-server: the starter's {@link Permits} and {@link ReadWriteLocks}
 * beans (created on its executor) guard them, so a bean method never runs unguarded.
 */
@SpringBootTest
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SharedLockBeanTest {
  private static final int THREADS = 6;
  /** A shipment per test: the context, and so the bean and the key space, are shared by the tests of this class. */
  private static final AtomicLong SHIPMENTS = new AtomicLong();

  /** The application: every auto-configuration on the class path and the bean. */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class App {
    @Bean
    PrintRoom printRoom() {
      return new PrintRoom();
    }
  }

  @DynamicPropertySource
  static void redis(DynamicPropertyRegistry registry) {
    SharedRedis.register(registry, "shared-locks");
  }

  @Autowired PrintRoom room;
  @Autowired Permits permits;
  @Autowired ReadWriteLocks readWriteLocks;

  private final ExecutorService threads = Executors.newFixedThreadPool(THREADS);

  @AfterEach
  void stopThreads() throws InterruptedException {
    room.openGate();
    threads.shutdownNow();
    assertThat(threads.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void atMostTwoOfSixCallersAreInsideAMethodWithTwoPermits() throws Exception {
    assertThat(AopUtils.isAopProxy(room)).isTrue();
    assertThat(permits).isInstanceOf(RedisPermits.class);
    long shipment = SHIPMENTS.incrementAndGet();
    int printed = room.printed();
    room.closeGate();
    List<Future<?>> calls = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      calls.add(threads.submit(() -> {
        room.print("acme", shipment);
        return null;
      }));
    }
    assertThat(eventually(() -> room.printing() == 2)).as("two callers got a permit").isTrue();
    Thread.sleep(500); // the four others wait for a permit, outside
    assertThat(room.printing()).isEqualTo(2);

    room.openGate();
    for (Future<?> call : calls) {
      call.get(60, TimeUnit.SECONDS);
    }
    assertThat(room.printed() - printed).isEqualTo(THREADS);
    assertThat(room.mostPrinting()).isEqualTo(2);
  }

  @Test
  void aWriterKeepsReadersOutAndNoReaderMeetsAWriter() throws Exception {
    assertThat(readWriteLocks).isInstanceOf(RedisReadWriteLocks.class);
    long shipment = SHIPMENTS.incrementAndGet();
    room.closeGate();
    Future<?> writer = threads.submit(() -> {
      room.write("acme", shipment);
      return null;
    });
    assertThat(eventually(() -> room.writing() == 1)).as("the writer is inside").isTrue();
    List<Future<?>> readers = new ArrayList<>();
    for (int t = 0; t < THREADS - 1; t++) {
      readers.add(threads.submit(() -> {
        room.read("acme", shipment);
        return null;
      }));
    }
    Thread.sleep(500); // the readers wait for the writer, outside
    assertThat(room.reading()).isZero();

    room.openGate();
    writer.get(60, TimeUnit.SECONDS);
    for (Future<?> reader : readers) {
      reader.get(60, TimeUnit.SECONDS);
    }

    // then readers and writers mixed, each call counting whom it meets inside
    List<Future<?>> mixed = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      boolean writes = t % 3 == 0;
      mixed.add(threads.submit(() -> {
        for (int i = 0; i < 10; i++) {
          if (writes) {
            room.write("acme", shipment);
          } else {
            room.read("acme", shipment);
          }
        }
        return null;
      }));
    }
    for (Future<?> calls : mixed) {
      calls.get(60, TimeUnit.SECONDS);
    }
    assertThat(room.overlaps()).isZero();
  }

  /** Whether {@code condition} held within 30 seconds. */
  private static boolean eventually(BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      Thread.sleep(10);
    }
    return true;
  }
}
