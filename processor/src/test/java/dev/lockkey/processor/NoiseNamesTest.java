package dev.lockkey.processor;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Field names are judged by their words: noise wherever it stands, honest names never. */
class NoiseNamesTest {

  @ParameterizedTest
  @ValueSource(strings = {
      // per-request identifiers, in any position and spelling
      "requestId", "request_id", "REQUEST_ID", "requestUuid", "xRequestId", "xRequestID", "incomingRequestGuid",
      "traceId", "trace_id", "traceID", "parentSpanId", "spanId", "correlationId", "correlation_uuid", "causationId",
      "traceparent", "getRequestId",
      // nonces, random values, retries
      "nonce", "requestNonce", "nonceValue", "random", "randomSuffix", "retryCount", "retry_attempt",
      // clock readings
      "now", "nowMillis", "timeNow", "timestamp", "eventTimestamp", "timeStamp", "currentTime", "currentTimeMillis",
      "createdAt", "createdAtMillis", "updated_at", "receivedAt", "sentAt", "epochMillis", "epoch_ms", "startNanos",
      "clockMillis", "timeMillis", "createdMillis", "nanoTime2Ms"})
  void perRequestDataIsNoise(String name) {
    assertThat(NoiseNames.isNoise(name)).as(name).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "orderId", "tenant", "accountNumber", "timeZone", "nowhere", "snowflakeId", "knowledgeBaseId", "requestType",
      "traceLevel", "spanCount", "createdBy", "timeoutMillis", "durationNanos", "ttlMs", "date", "windowStart",
      "idempotencyKey", "customerId", "notification", "randomnessSource", "attemptedAction", "status", "at",
      "stationId", "trace", "acknowledged", "paidAmount", "knownAt2"})
  void honestFieldsAreNotNoise(String name) {
    assertThat(NoiseNames.isNoise(name)).as(name).isFalse();
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "xRequestId       | x request id",
      "HTTPRequestID    | http request id",
      "created_at_millis| created at millis",
      "trace2Id         | trace 2 id",
      "orderV2          | order v 2",
      "URL              | url",
      "a$b              | a b"})
  void namesSplitIntoWords(String name, String words) {
    assertThat(String.join(" ", NoiseNames.words(name))).isEqualTo(words);
  }
}
