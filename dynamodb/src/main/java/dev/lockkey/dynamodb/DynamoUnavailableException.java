package dev.lockkey.dynamodb;

import software.amazon.awssdk.core.exception.SdkException;

/**
 * DynamoDB could not be reached or failed on its side, after the SDK's retries: connection refused
 * or reset, a timeout of the client's configuration, a 5xx answer. Nothing is known about the
 * lock's state (a write may or may not have been applied); a lock taken before stays until its
 * lease ends.
 */
public final class DynamoUnavailableException extends DynamoLockException {
  private static final long serialVersionUID = 1L;

  DynamoUnavailableException(String fullKey, SdkException cause) {
    super("DynamoDB is unavailable for " + fullKey + ": " + cause.getMessage(), fullKey, cause);
  }
}
