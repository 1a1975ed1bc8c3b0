package dev.lockkey.benchmarks.keys;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.springframework.expression.Expression;
import org.springframework.expression.common.TemplateParserContext;
import org.springframework.expression.spel.standard.SpelExpressionParser;
import org.springframework.expression.spel.support.StandardEvaluationContext;

/**
 * The body of one {@code payment:capture} key (tenant, order id), built five ways: LockKey's
 * generated key class, the hand-written builder that is the floor, hand-written concatenation. {@code String.format} and SpEL are how keys are usually built; they do no
 * canonicalisation or escaping (a tenant {@code acme:eu} comes out unescaped), so they do less work
 * than the floor and the generated key, which favours them.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class KeyRenderingBenchmark {
  /** A plain tenant, and one that needs escaping. */
  @Param({"tenant-42", "acme:eu"})
  public String tenant;

  /** Not final and not constant, so the JIT cannot fold the rendering away. */
  public long orderId = 9_876_543_210L;

  // Parsed once, as SpEL-keyed lock libraries cache the parsed expression of an annotation.
  private final Expression spelTemplate =
      new SpelExpressionParser()
          .parseExpression("payment:capture:v1:#{#tenant}:#{#orderId}", new TemplateParserContext());

  /** LockKey: the class the processor generated from {@link PaymentCapture}, as users call it. */
  @Benchmark
  public String generatedKey() {
    return PaymentCaptureKey.of(tenant, orderId).canonical();
  }

  /** The floor: hand-written, same body and escaping as the generated key. */
  @Benchmark
  public String handWritten() {
    return HandWrittenPaymentKey.body(tenant, orderId);
  }

  /** Hand-written concatenation, tighter than the floor when nothing needs escaping. */
  @Benchmark
  public String handConcatenated() {
    return HandWrittenPaymentKey.concatenatedBody(tenant, orderId);
  }

  /** {@code String.format}, no escaping. */
  @Benchmark
  public String stringFormat() {
    return String.format("payment:capture:v1:%s:%d", tenant, orderId);
  }

  /**
   * A pre-parsed SpEL template evaluated against a fresh context holding the arguments as
   * variables, as a SpEL-keyed lock library does per call; no escaping.
   */
  @Benchmark
  public String spelTemplate() {
    StandardEvaluationContext context = new StandardEvaluationContext();
    context.setVariable("tenant", tenant);
    context.setVariable("orderId", orderId);
    return spelTemplate.getValue(context, String.class);
  }
}
