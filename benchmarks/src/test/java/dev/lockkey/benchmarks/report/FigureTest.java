package dev.lockkey.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FigureTest {

  @Test
  void ratiosAreTakenRoundByRoundNotBetweenMedians() {
    Figure figure = new Figure("cycles", "cycles/s", "floor", true);
    figure.add("floor", 100);
    figure.add("ours", 90);
    figure.add("floor", 50); // a noisy round slows both
    figure.add("ours", 45);
    figure.add("floor", 200);
    figure.add("ours", 160);

    assertThat(figure.spread("ours")).contains(new Spread(90, 45, 160, 3));
    assertThat(figure.ratio("ours", "floor")).contains(new Spread(0.9, 0.8, 0.9, 3));
    assertThat(figure.ratio("missing", "floor")).isEmpty();
  }

  @Test
  void medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
    assertThat(Spread.of(java.util.List.of(4.0, 1.0, 3.0, 2.0))).isEqualTo(new Spread(2.5, 1, 4, 4));
  }

  @Test
  void targetsReadTheMedianOrForInvariantsEveryRound() {
    Figure figure = new Figure("overlaps", "count", "floor", false);
    figure.add("ours", 0);
    figure.add("ours", 1);
    figure.add("ours", 0);
    assertThat(new Target("median", figure, "ours", null, 0, true, false).met()).contains(true);
    assertThat(new Target("every round", figure, "ours", null, 0, true, true).met()).contains(false);
    assertThat(new Target("absent", figure, "theirs", null, 0, true, true).met()).isEmpty();
  }
}
