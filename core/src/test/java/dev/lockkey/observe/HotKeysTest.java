package dev.lockkey.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.LockKey;
import dev.lockkey.lock.LockListener;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The hot-key sampler: fixed memory, the right top keys of a skewed stream, log lines without bodies. */
class HotKeysTest {

  /** A Zipf-like stream over {@code keys} orders: order {@code i} is contended about {@code scale / i} times, shuffled. */
  private static List<SampleKey> skewedStream(int keys, int scale, long seed) {
    List<SampleKey> stream = new ArrayList<>();
    for (int order = 1; order <= keys; order++) {
      SampleKey key = SampleKey.payment(order);
      for (int i = 0; i < Math.max(1, scale / order); i++) {
        stream.add(key);
      }
    }
    Collections.shuffle(stream, new Random(seed));
    return stream;
  }

  @Test
  void watchesNoMoreKeysThanItsCapacity() {
    HotKeys hotKeys = HotKeys.create(16);

    for (int order = 0; order < 5_000; order++) {
      hotKeys.onContended(SampleKey.payment(order));
    }

    assertThat(hotKeys.top(Integer.MAX_VALUE)).hasSize(16);
    assertThat(hotKeys.total()).isEqualTo(5_000);
    assertThat(hotKeys).hasToString("HotKeys[16 of 16 watched, 5000 contentions]");
  }

  @Test
  void findsTheTopKeysOfASkewedStreamWithBoundedCounts() {
    List<SampleKey> stream = skewedStream(2_000, 1_000, 42);
    Map<String, Long> truth = new HashMap<>();
    HotKeys hotKeys = HotKeys.create(50);

    for (SampleKey key : stream) {
      hotKeys.onContended(key);
      truth.merge(key.canonical(), 1L, Long::sum);
    }

    List<HotKey> top = hotKeys.top(5);
    assertThat(top).extracting(HotKey::body).containsExactly(
        TestSpecs.paymentCapture("t42", 1), TestSpecs.paymentCapture("t42", 2), TestSpecs.paymentCapture("t42", 3),
        TestSpecs.paymentCapture("t42", 4), TestSpecs.paymentCapture("t42", 5));
    for (HotKey key : hotKeys.top(50)) {
      long actual = truth.get(key.body());
      assertThat(key.contentions()).as(key.body()).isGreaterThanOrEqualTo(actual);
      assertThat(key.contentions() - key.overestimate()).as(key.body()).isLessThanOrEqualTo(actual);
    }
    assertThat(top.get(0).contentions() - top.get(0).overestimate()).isGreaterThan(900);
  }

  @Test
  void logsSpecAndHashButNeverTheBody() {
    HotKeys hotKeys = HotKeys.create(8);
    for (int i = 0; i < 12; i++) {
      hotKeys.onContended(SampleKey.payment(98765));
    }
    hotKeys.onContended(SampleKey.orderState("Café"));

    String report = hotKeys.reportAndReset(10);

    assertThat(report).isEqualTo("""
        lockkey hot keys: top 2 of 13 contentions
          12 PaymentCapture (payment:capture:v1) #%s
           1 OrderState (order:state:v2) #%s""".formatted(
        HotKey.hashOf("payment:capture:v1:t42:98765"), HotKey.hashOf("order:state:v2:Café:open")));
    assertThat(report).doesNotContain("98765", "Café");
    assertThat(hotKeys.top(10)).isEmpty();
    assertThat(hotKeys.total()).isZero();
  }

  @Test
  void showsWhenACountMayIncludeEvictedKeys() {
    HotKeys hotKeys = HotKeys.create(1);
    hotKeys.onContended(SampleKey.payment(1));
    hotKeys.onContended(SampleKey.payment(2));

    assertThat(hotKeys.top(1)).singleElement().hasToString(
        "2 (1 may be others') PaymentCapture (payment:capture:v1) #" + HotKey.hashOf(TestSpecs.paymentCapture("t42", 2)));
  }

  @Test
  void combinesWithOtherListenersAndSurvivesAThrowingOne() {
    HotKeys hotKeys = HotKeys.create(4);
    LockListener throwing = new LockListener() {
      @Override
      public void onContended(LockKey key) {
        throw new IllegalStateException("a listener's bug");
      }
    };

    LockListener.all(throwing, hotKeys).onContended(SampleKey.payment(7));

    assertThat(hotKeys.total()).isEqualTo(1);
  }

  @Test
  void rejectsCapacitiesOutOfRange() {
    assertThatThrownBy(() -> HotKeys.create(0)).hasMessage("capacity must be from 1 to 10000, was 0");
    assertThatThrownBy(() -> HotKeys.create(10_001)).isInstanceOf(IllegalArgumentException.class);
  }
}
