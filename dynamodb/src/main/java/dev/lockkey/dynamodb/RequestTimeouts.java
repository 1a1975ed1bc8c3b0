package dev.lockkey.dynamodb;

import dev.lockkey.internal.Durations;
import dev.lockkey.lock.LockOptions;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * How long one lock request to DynamoDB may take: each HTTP attempt, and the whole call with the
 * SDK's retries and their pauses. Sent with every request as the SDK's per-request
 * {@code apiCallAttemptTimeout} and {@code apiCallTimeout}, which override the client's, and cut to
 * what the request serves has left (the lease of a release or renewal), so that no call outlives
 * it whatever the client's retry strategy. Immutable.
 */
final class RequestTimeouts {
  /** The SDK counts its timeouts in whole milliseconds, and a 0 would mean none. */
  static final long MIN_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

  private final Duration attempt;
  private final Duration call;

  private RequestTimeouts(Duration attempt, Duration call) {
    this.attempt = attempt;
    this.call = call;
  }

  /**
   * Timeouts of {@code attempt} per attempt and {@code call} per call.
   *
   * @throws IllegalArgumentException naming the timeout when one is under 1 ms, or the attempt's
   *     is longer than the call's
   */
  static RequestTimeouts of(Duration attempt, Duration call) {
    Duration checkedAttempt = Durations.requireMillisBetweenOneAnd("attemptTimeout", attempt, LockOptions.MAX_LEASE_TIME);
    Duration checkedCall = Durations.requireMillisBetweenOneAnd("requestTimeout", call, LockOptions.MAX_LEASE_TIME);
    if (checkedAttempt.compareTo(checkedCall) > 0) {
      throw new IllegalArgumentException("attemptTimeout must not be longer than requestTimeout, was "
          + Durations.describe(checkedAttempt) + " and " + Durations.describe(checkedCall));
    }
    return new RequestTimeouts(checkedAttempt, checkedCall);
  }

  /**
   * The client's own {@code apiCallTimeout} and {@code apiCallAttemptTimeout} where it sets them,
   * else {@code defaultAttempt} and {@code defaultCall}; an attempt longer than the call is cut to it.
   */
  static RequestTimeouts of(DynamoDbClient client, Duration defaultAttempt, Duration defaultCall) {
    ClientOverrideConfiguration config;
    try {
      config = client.serviceClientConfiguration().overrideConfiguration();
    } catch (UnsupportedOperationException notTheSdksClient) { // a wrapper that does not tell
      config = null;
    }
    Duration call = config == null ? defaultCall : config.apiCallTimeout().orElse(defaultCall);
    Duration attempt = config == null ? defaultAttempt : config.apiCallAttemptTimeout().orElse(defaultAttempt);
    return of(min(attempt, call), call);
  }

  /** The longest attempt. */
  Duration attempt() {
    return attempt;
  }

  /** The longest call, the SDK's retries included. */
  Duration call() {
    return call;
  }

  /**
   * The override for a request that must end within {@code budgetNanos}: the call's timeout cut to
   * nine tenths of the budget (at least {@link #MIN_NANOS}), each attempt's to the call's. The
   * tenth left is for the SDK's work before its timer starts (marshalling, signing) and after it
   * fired, so that the call has ended when the budget is spent.
   */
  AwsRequestOverrideConfiguration within(long budgetNanos) {
    return override(min(call, Duration.ofNanos(Math.max(budgetNanos - budgetNanos / 10, MIN_NANOS))));
  }

  /** The override for a request bounded by these timeouts alone. */
  AwsRequestOverrideConfiguration full() {
    return override(call);
  }

  private AwsRequestOverrideConfiguration override(Duration total) {
    return AwsRequestOverrideConfiguration.builder()
        .apiCallTimeout(total)
        .apiCallAttemptTimeout(min(attempt, total))
        .build();
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }
}
