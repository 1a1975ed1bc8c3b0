package dev.lockkey.dynamodb;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/** A wall clock that tests move by hand, to play expiry and skew without waiting. Thread-safe. */
final class TestClock extends Clock {
  private final AtomicLong millis;

  TestClock(long epochMillis) {
    this.millis = new AtomicLong(epochMillis);
  }

  /** A clock at the system's time now, moving only when told. */
  static TestClock atSystemTime() {
    return new TestClock(System.currentTimeMillis());
  }

  void advance(Duration duration) {
    millis.addAndGet(duration.toMillis());
  }

  @Override
  public long millis() {
    return millis.get();
  }

  @Override
  public Instant instant() {
    return Instant.ofEpochMilli(millis());
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    throw new UnsupportedOperationException("a test clock stays in UTC");
  }
}
