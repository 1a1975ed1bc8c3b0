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
class FencedStoreTest {
  /** A thread per task: the common pool may have a single thread on a small machine, and these tasks block. */
  private static final Executor NEW_THREAD = task -> new Thread(task).start();
  @Test
  void aFencedWriteWithALowerTokenIsRefusedAndRecordedAndChangesNothing() {
    FencedStore<String> store = new FencedStore<>();

    assertThat(store.write(7, "second holder")).isTrue();
    assertThat(store.write(5, "first holder, too late")).isFalse();

    assertThat(store.value()).contains("second holder");
    assertThat(store.highestToken()).isEqualTo(7);
    assertThat(store.rejectedWrites()).containsExactly(new StaleWrite<>(5, 7, "first holder, too late"));
    assertThat(store.staleWrites()).isEmpty();
    store.assertNoStaleWrite();
  }

  @Test
  void oneHolderMayWriteTwiceWithItsToken() {
    FencedStore<Integer> store = new FencedStore<>();

    assertThat(store.write(3, 1)).isTrue();
    assertThat(store.write(3, 2)).isTrue();

    assertThat(store.value()).contains(2);
    assertThat(store.writes()).isEqualTo(2);
  }

  @Test
  void anUnfencedWriteWithALowerTokenIsAppliedAndCaughtAsStale() {
    FencedStore<String> store = new FencedStore<>();
    store.writeUnfenced(7, "second holder");

    store.writeUnfenced(5, "first holder, too late");

    assertThat(store.value()).contains("first holder, too late");
    assertThat(store.staleWrites()).containsExactly(new StaleWrite<>(5, 7, "first holder, too late"));
    assertThatThrownBy(store::assertNoStaleWrite).isInstanceOf(AssertionError.class)
        .hasMessageContaining("1 stale write(s) applied")
        .hasMessageContaining("write with token 5 after token 7");
  }

  @Test
  void aStalledWriterWritesOnlyOnceReleasedAndIsJudgedByTheTokensSeenThen() throws Exception {
    FencedStore<String> store = new FencedStore<>();
    Stall stall = store.stallNextWrite();
    CompletableFuture<Boolean> paused =
        CompletableFuture.supplyAsync(() -> store.write(5, "paused holder"), NEW_THREAD);
    stall.awaitHeld(Duration.ofSeconds(30));

    assertThat(store.write(7, "next holder")).isTrue(); // the stall holds one writer only
    assertThat(paused).isNotDone();
    stall.release();

    assertThat(paused.get(30, TimeUnit.SECONDS)).isFalse();
    assertThat(store.value()).contains("next holder");
  }

  @Test
  void anEmptyStoreSaysSo() {
    FencedStore<String> store = new FencedStore<>();

    assertThat(store.value()).isEmpty();
    assertThat(store.highestToken()).isEqualTo(Long.MIN_VALUE);
    assertThat(store).hasToString("FencedStore[highestToken=none, writes=0, stale=0, rejected=0]");
  }
}
