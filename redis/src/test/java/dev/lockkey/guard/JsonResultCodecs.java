package dev.lockkey.guard;

import java.util.List;
import java.util.function.Supplier;

/**
 * Which codec an {@code @Idempotent} method returning a record gets when it names none and the
 * invoker has none for its type: run by {@link ResultCodecsTest} in class loaders that hide one
 * Jackson line or both: the codec's class name, or the failure's message.
 */
public final class JsonResultCodecs implements Supplier<String> {
  /** A result type that no built-in codec stores. */
  public record Receipt(String id, long amountMinor) {}

  /** Called reflectively from the hiding class loader. */
  public JsonResultCodecs() {}

  @Override
  public String get() {
    IdempotencyPolicy policy = IdempotencyPolicy.of(Receipt.class);
    MethodGuard guard = MethodGuard.idempotent("capture", List.of(String.class), policy,
        (arguments, secret) -> null, arguments -> "fingerprint");
    try {
      return ResultCodecs.find(guard, policy, type -> null).getClass().getName();
    } catch (IllegalStateException e) {
      return e.getMessage();
    }
  }
}
