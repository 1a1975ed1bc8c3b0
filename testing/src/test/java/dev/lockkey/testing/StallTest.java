package dev.lockkey.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 1, unit = TimeUnit.MINUTES)
class StallTest {
  /** A thread per task: the common pool may have a single thread on a small machine, and these tasks block. */
  private static final Executor NEW_THREAD = task -> new Thread(task).start();
  private static final Duration PATIENCE = Duration.ofSeconds(30);

  @Test
  void anOpenStallLetsEveryThreadPass() {
    Stall stall = new Stall("open");

    stall.pass();

    assertThat(stall.isHolding()).isFalse();
  }

  @Test
  void anArmedStallHoldsTheFirstThreadUntilReleasedAndLetsOthersPass() throws Exception {
    Stall stall = new Stall("before the write").arm();
    CompletableFuture<Void> first = CompletableFuture.runAsync(stall::pass, NEW_THREAD);

    stall.awaitHeld(PATIENCE);
    stall.pass(); // a second thread passes while the first is held
    assertThat(first).isNotDone();
    assertThat(stall.isHolding()).isTrue();

    stall.release();
    first.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
    assertThat(stall.isHolding()).isFalse();
  }

  @Test
  void aStallCanBeArmedAgainOnceReleased() throws Exception {
    Stall stall = new Stall("again").arm();
    CompletableFuture<Void> first = CompletableFuture.runAsync(stall::pass, NEW_THREAD);
    stall.awaitHeld(PATIENCE);
    stall.release();
    stall.arm(); // before the first thread may even have woken up
    first.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);

    CompletableFuture<Void> second = CompletableFuture.runAsync(stall::pass, NEW_THREAD);
    stall.awaitHeld(PATIENCE);
    assertThat(second).isNotDone();
    stall.release();
    second.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
  }

  @Test
  void armingWhileAThreadIsHeldIsRefused() throws Exception {
    Stall stall = new Stall("busy").arm();
    CompletableFuture<Void> first = CompletableFuture.runAsync(stall::pass, NEW_THREAD);
    stall.awaitHeld(PATIENCE);

    assertThatThrownBy(stall::arm).isInstanceOf(IllegalStateException.class).hasMessageContaining("busy");

    stall.release();
    first.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
  }

  @Test
  void waitingForAThreadThatNeverComesFailsTheTestAndWaitingOnAnOpenStallIsAMistake() {
    Stall stall = new Stall("never reached");

    assertThatThrownBy(() -> stall.awaitHeld(PATIENCE)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("not armed");
    stall.arm();
    assertThatThrownBy(() -> stall.awaitHeld(Duration.ofMillis(20))).isInstanceOf(AssertionError.class)
        .hasMessageContaining("never reached");
  }

  @Test
  void anInterruptedThreadGoesOnWithItsFlagSet() throws Exception {
    Stall stall = new Stall("interrupted").arm();
    CompletableFuture<Boolean> interrupted = new CompletableFuture<>();
    Thread holder = new Thread(() -> {
      stall.pass();
      interrupted.complete(Thread.currentThread().isInterrupted());
    });
    holder.start();
    stall.awaitHeld(PATIENCE);

    holder.interrupt();

    assertThat(interrupted.get(PATIENCE.toSeconds(), TimeUnit.SECONDS)).isTrue();
    assertThat(stall.isHolding()).isFalse();
  }
}
