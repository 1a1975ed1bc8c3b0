package dev.lockkey.benchmarks;

import dev.lockkey.benchmarks.keys.KeyRenderingBenchmark;
import dev.lockkey.benchmarks.keys.RenderingMethod;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
import dev.lockkey.benchmarks.report.Figure;
import dev.lockkey.benchmarks.report.Section;
import dev.lockkey.benchmarks.report.Target;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Key rendering: time and allocation per key body, each method against the hand-written floor. */
final class KeyRenderingComparison {
  private static final String FLOOR = RenderingMethod.HAND_WRITTEN.method();
  private static final String OURS = RenderingMethod.GENERATED_KEY.method();
  private static final List<String> TENANTS = List.of("tenant-42", "acme:eu");

  private KeyRenderingComparison() {}

  static Section run(SuiteSettings settings, RedisEndpoint redis, Progress progress) {
    List<RenderingMethod> methods = Arrays.asList(RenderingMethod.values());
    Map<String, Figure> times = new LinkedHashMap<>();
    Map<String, Figure> allocations = new LinkedHashMap<>();
    for (String tenant : TENANTS) {
      times.put(tenant, new Figure("time per key, tenant `" + tenant + "`", "ns/op", FLOOR, false));
      allocations.put(
          tenant, new Figure("allocation per key, tenant `" + tenant + "`", "B/op", FLOOR, false));
    }
    for (int round = 0; round < settings.renderingRounds(); round++) {
      for (String tenant : TENANTS) {
        for (RenderingMethod method : Rounds.order(methods, round)) {
          String what = method.method() + " tenant=" + tenant;
          progress.step("key rendering", what, round, settings.renderingRounds());
          JmhRun.Score score =
              JmhRun.run(
                  KeyRenderingBenchmark.class,
                  method.method(),
                  Map.of("tenant", tenant),
                  settings.renderingWarmups(),
                  settings.renderingMeasurements(),
                  settings,
                  redis);
          times.get(tenant).add(method.method(), score.score());
          allocations.get(tenant).add(method.method(), score.bytesPerOp());
        }
      }
    }
    List<Figure> figures = new ArrayList<>();
    List<Target> targets = new ArrayList<>();
    for (String tenant : TENANTS) {
      Figure time = times.get(tenant);
      Figure bytes = allocations.get(tenant);
      figures.add(time);
      figures.add(bytes);
      targets.add(new Target("within 1.25x the floor", time, OURS, FLOOR, 1.25, true, false));
      targets.add(new Target("within 1.25x the floor", bytes, OURS, FLOOR, 1.25, true, false));
      targets.add(
          new Target(
              "10x faster than String.format", time, OURS, RenderingMethod.STRING_FORMAT.method(), 0.1, true, false));
      targets.add(
          new Target(
              "10x faster than SpEL", time, OURS, RenderingMethod.SPEL_TEMPLATE.method(), 0.1, true, false));
    }
    String methodList =
        methods.stream()
            .map(m -> "`" + m.method() + "`: " + m.description())
            .collect(Collectors.joining("; "));
    return new Section(
        "Key rendering",
        "JMH, average time per key body `payment:capture:v1:{tenant}:{orderId}` and bytes allocated"
            + " per key (`-prof gc`), "
            + settings.renderingRounds()
            + " rounds of "
            + settings.renderingWarmups()
            + " warm-up and "
            + settings.renderingMeasurements()
            + " measured iterations of "
            + settings.iteration().toMillis()
            + " ms, each method in its own fork per round. Methods: "
            + methodList
            + ". The second tenant needs escaping; String.format and SpEL leave it unescaped.",
        figures,
        targets,
        "");
  }
}
