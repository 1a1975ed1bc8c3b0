package dev.lockkey.redis;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.LockKey;
import dev.lockkey.SpecDescriptor;
import java.util.List;

/**
 * A hand-written key for executor tests, shaped like a generated one: {@code TestKey.of("order", 42)}
 * has the body {@code order:lock:v1:42}. Keys of different domains are different specs.
 */
public record TestKey(String domain, String id) implements LockKey {

  public static TestKey of(String domain, Object id) {
    return new TestKey(domain, String.valueOf(id));
  }

  @Override
  public String canonical() {
    return domain + ":lock:v1:" + id;
  }

  @Override
  public SpecDescriptor spec() {
    return new SpecDescriptor("dev.lockkey.redis.TestKey$" + domain, domain, "lock", 1, domain + ":lock:v1:{id}",
        List.of(FieldDescriptor.of("id", "java.lang.String")));
  }
}
