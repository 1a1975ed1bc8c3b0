package dev.lockkey.dynamodb;

import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockInterruptedException;
import java.util.Set;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * Turns the SDK's failures (after its retries) into the store's exceptions. A conditional check
 * that failed is not among them: the store answers it as "held by another". A call abandoned
 * because its thread was interrupted is a {@link LockInterruptedException}.
 */
final class DynamoFailures {
  /** DynamoDB's capacity refusals; the SDK classifies most of them as throttling already. */
  private static final Set<String> THROTTLING_CODES =
      Set.of("ProvisionedThroughputExceededException", "RequestLimitExceeded", "ThrottlingException");

  private DynamoFailures() {}

  static LockException translate(String fullKey, String table, SdkException failure) {
    if (failure instanceof AbortedException) {
      // the SDK gives up on a call whose thread is interrupted, and may clear the flag: set it again
      Thread.currentThread().interrupt();
      LockInterruptedException interrupted = new LockInterruptedException(fullKey);
      interrupted.addSuppressed(failure);
      return interrupted;
    }
    if (failure instanceof AwsServiceException service) {
      if (isThrottling(service)) {
        return new DynamoThrottledException(fullKey, service);
      }
      if (service.statusCode() >= 500) {
        return new DynamoUnavailableException(fullKey, service);
      }
      if (failure instanceof ResourceNotFoundException) {
        return new DynamoLockException("the lock table " + table + " of " + fullKey
            + " does not exist (create it with DynamoLockTable.create): " + failure.getMessage(), fullKey, failure);
      }
    } else if (failure instanceof SdkClientException) {
      // no answer from the service: refused, reset, timed out (ApiCallTimeoutException is one too)
      return new DynamoUnavailableException(fullKey, failure);
    }
    return new DynamoLockException("DynamoDB failed on " + fullKey + ": " + failure.getMessage(), fullKey, failure);
  }

  private static boolean isThrottling(AwsServiceException service) {
    return service.isThrottlingException()
        || service.awsErrorDetails() != null && THROTTLING_CODES.contains(service.awsErrorDetails().errorCode());
  }
}
