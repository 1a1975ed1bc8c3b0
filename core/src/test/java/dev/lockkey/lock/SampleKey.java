package dev.lockkey.lock;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.LockKey;
import dev.lockkey.SpecDescriptor;
import dev.lockkey.format.FieldFormat;
import dev.lockkey.format.KeyFormat;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Hand-written keys rendered the way generated ones are (through {@link KeyFormat}), for the
 * purpose tests: {@link #unique()} gives a body no other test uses ({@code sample:item:v1:<uuid>});
 * {@link #item(int, String)} renders one resource's key in several spec versions;
 * {@link #perWindow} has a {@code @Window} field.
 */
public record SampleKey(String canonical, SpecDescriptor spec) implements LockKey {
  /** A key of spec {@code sample:item} (version 1) with this id. */
  public static SampleKey item(String id) {
    return item(1, id);
  }

  /** A key of version {@code version} of spec {@code sample:item} with this id. */
  public static SampleKey item(int version, String id) {
    KeyFormat format = KeyFormat.of(new SpecDescriptor("dev.lockkey.redis.SampleItemV" + version, "sample", "item",
        version, "sample:item:v" + version + ":{id}", List.of(FieldDescriptor.of("id", "java.lang.String"))));
    FieldFormat field = format.field("id");
    return new SampleKey(format.render(field.segment(field.text(id))), format.spec());
  }

  /** A key of spec {@code sample:item} that no other test uses. */
  public static SampleKey unique() {
    return item(UUID.randomUUID().toString());
  }

  /** Attempts of {@code user} in the epoch-aligned window of {@code size} that holds {@code at}. */
  public static SampleKey perWindow(String user, Instant at, Duration size) {
    KeyFormat format = KeyFormat.of(new SpecDescriptor("dev.lockkey.redis.SampleAttempts", "sample", "attempts", 1,
        "sample:attempts:v1:{user}:{window}",
        List.of(FieldDescriptor.of("user", "java.lang.String"),
            FieldDescriptor.of("window", "java.time.Instant").withWindow(size))));
    FieldFormat userField = format.field("user");
    FieldFormat windowField = format.field("window");
    return new SampleKey(
        format.render(userField.segment(userField.text(user)), windowField.segment(windowField.text(at))),
        format.spec());
  }
}
