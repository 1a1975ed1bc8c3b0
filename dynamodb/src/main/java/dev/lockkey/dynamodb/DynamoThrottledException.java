package dev.lockkey.dynamodb;

import software.amazon.awssdk.awscore.exception.AwsServiceException;

/**
 * DynamoDB refused the request for capacity, and kept refusing through the SDK's retries
 * (ProvisionedThroughputExceeded, RequestLimitExceeded, ThrottlingException): the table's or the
 * account's throughput, or one hot key's partition, is exhausted. The write was not applied. Raise
 * the table's capacity (or use on-demand), spread keys, or wait less often; the retries themselves
 * are the SDK's retry strategy, configured on the {@code DynamoDbClient}.
 */
public final class DynamoThrottledException extends DynamoLockException {
  private static final long serialVersionUID = 1L;

  DynamoThrottledException(String fullKey, AwsServiceException cause) {
    super("DynamoDB throttled the lock request on " + fullKey + " (" + errorCode(cause) + "): " + cause.getMessage(),
        fullKey, cause);
  }

  private static String errorCode(AwsServiceException cause) {
    return cause.awsErrorDetails() == null ? "HTTP " + cause.statusCode() : cause.awsErrorDetails().errorCode();
  }
}
