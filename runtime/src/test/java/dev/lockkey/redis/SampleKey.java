package dev.lockkey.redis;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.LockKey;
import dev.lockkey.SpecDescriptor;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.UUID;

/**
 * Hand-written keys shaped like generated ones, for the purpose tests: {@link #unique()} gives a
 * body no other test uses ({@code sample:item:v1:<uuid>}); {@link #perWindow} renders a
 * {@code @Window} field the way KEY-FORMAT.md says.
 */
record SampleKey(String canonical, SpecDescriptor spec) implements LockKey {
  private static final SpecDescriptor ITEM = new SpecDescriptor("dev.lockkey.redis.SampleItem", "sample", "item", 1,
      "sample:item:v1:{id}", List.of(FieldDescriptor.of("id", "java.lang.String")));
  private static final DateTimeFormatter WINDOW_START =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

  /** A key of spec {@code sample:item} with this id. */
  static SampleKey item(String id) {
    return new SampleKey("sample:item:v1:" + id, ITEM);
  }

  /** A key of spec {@code sample:item} that no other test uses. */
  static SampleKey unique() {
    return item(UUID.randomUUID().toString());
  }

  /** Attempts of {@code user} in the epoch-aligned window of {@code size} that holds {@code at}. */
  static SampleKey perWindow(String user, Instant at, Duration size) {
    long start = Math.floorDiv(at.toEpochMilli(), size.toMillis()) * size.toMillis();
    SpecDescriptor spec = new SpecDescriptor("dev.lockkey.redis.SampleAttempts", "sample", "attempts", 1,
        "sample:attempts:v1:{user}:{window}",
        List.of(FieldDescriptor.of("user", "java.lang.String"),
            FieldDescriptor.of("window", "java.time.Instant").withWindow(size)));
    return new SampleKey("sample:attempts:v1:" + user + ":" + WINDOW_START.format(Instant.ofEpochMilli(start)), spec);
  }
}
