package dev.lockkey.lock;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.LockKey;
import dev.lockkey.SpecDescriptor;
import java.util.List;

/**
 * A hand-written key for the backend contract, shaped like a generated one:
 * {@code ContractKey.of("order", 42)} has the body {@code order:contract:v1:42}.
 */
public record ContractKey(String domain, String id) implements LockKey {

  public static ContractKey of(String domain, Object id) {
    return new ContractKey(domain, String.valueOf(id));
  }

  @Override
  public String canonical() {
    return domain + ":contract:v1:" + id;
  }

  @Override
  public SpecDescriptor spec() {
    return new SpecDescriptor("dev.lockkey.lock.ContractKey$" + domain, domain, "contract", 1,
        domain + ":contract:v1:{id}", List.of(FieldDescriptor.of("id", "java.lang.String")));
  }
}
