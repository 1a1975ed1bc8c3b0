package dev.lockkey.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 1, unit = TimeUnit.MINUTES)
class OverlapCounterTest {
  /** A thread per task: the common pool may have a single thread on a small machine, and these tasks block. */
  private static final Executor NEW_THREAD = task -> new Thread(task).start();
  @Test
  void oneThreadAfterAnotherIsNoOverlap() {
    OverlapCounter counter = new OverlapCounter();

    for (int i = 0; i < 3; i++) {
      assertThat(counter.call(counter::current)).isEqualTo(1);
    }

    assertThat(counter.max()).isEqualTo(1);
    assertThat(counter.entries()).isEqualTo(3);
    assertThat(counter.current()).isZero();
    counter.assertNoOverlap();
  }

  @Test
  @SuppressWarnings("try") // the handle only counts the thread out
  void twoThreadsInsideAtOnceAreCaught() throws Exception {
    OverlapCounter counter = new OverlapCounter();
    CountDownLatch bothInside = new CountDownLatch(2);
    Runnable section = () -> {
      try (OverlapCounter.Inside ignored = counter.enter()) {
        bothInside.countDown();
        bothInside.await(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    };

    CompletableFuture.allOf(
            CompletableFuture.runAsync(section, NEW_THREAD), CompletableFuture.runAsync(section, NEW_THREAD))
        .get(30, TimeUnit.SECONDS);

    assertThat(counter.max()).isEqualTo(2);
    assertThatThrownBy(counter::assertNoOverlap).isInstanceOf(AssertionError.class)
        .hasMessageContaining("up to 2 threads");
  }

  @Test
  void aSectionThatThrowsIsCountedOut() {
    OverlapCounter counter = new OverlapCounter();

    assertThatThrownBy(() -> counter.call(() -> {
      throw new IllegalStateException("the section failed");
    })).hasMessage("the section failed");

    assertThat(counter.current()).isZero();
    assertThat(counter.entries()).isEqualTo(1);
  }

  @Test
  void closingTwiceCountsOutOnce() {
    OverlapCounter counter = new OverlapCounter();
    OverlapCounter.Inside first = counter.enter();
    counter.enter();

    first.close();
    first.close();

    assertThat(counter.current()).isEqualTo(1);
  }
}
