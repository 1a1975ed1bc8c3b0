package dev.lockkey.dynamodb;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import software.amazon.awssdk.awscore.AwsRequest;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;

/**
 * Every call of a client as the SDK's own interceptor hooks see it, on the calling thread: its
 * operation and thread, when it began and ended ({@link System#nanoTime()}), the per-request
 * timeouts it carried, and its failure. Register it on a client's override configuration.
 * Thread-safe.
 */
final class CallLog implements ExecutionInterceptor {
  private static final ExecutionAttribute<Long> START = new ExecutionAttribute<>("lockkey-call-log-start");

  /** One finished call; a timeout is {@code null} when the request carried none. */
  record Call(String operation, String thread, long startNanos, long endNanos, Duration callTimeout,
      Duration attemptTimeout, Throwable failure) {
    /** When the SDK was told to give up at the latest, or {@link Long#MAX_VALUE} without a timeout. */
    long latestEndNanos() {
      return callTimeout == null ? Long.MAX_VALUE : startNanos + callTimeout.toNanos();
    }
  }

  private final List<Call> calls = new CopyOnWriteArrayList<>();

  /** The finished calls of {@code operation} (e.g. {@code UpdateItem}) that began at or after {@code sinceNanos}. */
  List<Call> since(String operation, long sinceNanos) {
    return calls.stream()
        .filter(call -> call.operation().equals(operation) && call.startNanos() - sinceNanos >= 0)
        .toList();
  }

  @Override
  public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
    attributes.putAttribute(START, System.nanoTime());
  }

  @Override
  public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
    record(context.request(), attributes, null);
  }

  @Override
  public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
    record(context.request(), attributes, context.exception());
  }

  private void record(SdkRequest request, ExecutionAttributes attributes, Throwable failure) {
    long end = System.nanoTime();
    Optional<AwsRequestOverrideConfiguration> override = request instanceof AwsRequest aws
        ? aws.overrideConfiguration() : Optional.empty();
    calls.add(new Call(attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME), Thread.currentThread().getName(),
        attributes.getAttribute(START), end,
        override.flatMap(AwsRequestOverrideConfiguration::apiCallTimeout).orElse(null),
        override.flatMap(AwsRequestOverrideConfiguration::apiCallAttemptTimeout).orElse(null), failure));
  }
}
