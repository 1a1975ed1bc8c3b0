package dev.lockkey.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.lock.Lease;
import dev.lockkey.ratelimit.RateLimit;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How an interceptor finds a method's guard: the generated class by name, the method by signature. */
class MethodGuardsTest {

  /** A class with overloads, as an annotated class may have. */
  static class Service {
    public void capture(String tenant, long orderId, Lease lease) {}

    public void capture(String tenant, int orderId) {}
  }

  private static final MethodGuard LONG_ORDER = MethodGuard.locked(
      "capture", List.of(String.class, long.class, Lease.class), LockPolicy.defaults(), (arguments, secret) -> null)
      .withLeaseParameter(2);

  @Test
  void theGeneratedClassSitsBesideTheClassWithNestedNamesJoined() {
    assertThat(MethodGuards.generatedClassName(MethodGuardsTest.class)).isEqualTo("dev.lockkey.guard.MethodGuardsTestGuards");
    assertThat(MethodGuards.generatedClassName(Service.class)).isEqualTo("dev.lockkey.guard.MethodGuardsTest_ServiceGuards");
  }

  @Test
  void aClassWithoutGeneratedGuardsHasNoTable() {
    assertThat(MethodGuards.load(Service.class)).isEmpty();
  }

  @Test
  void aGuardMatchesItsOverloadOnly() throws NoSuchMethodException {
    MethodGuards guards = MethodGuards.of(Service.class, LONG_ORDER);

    assertThat(guards.find(Service.class.getMethod("capture", String.class, long.class, Lease.class)))
        .containsSame(LONG_ORDER);
    assertThat(guards.find(Service.class.getMethod("capture", String.class, int.class))).isEmpty();
    assertThat(guards.find(Object.class.getMethod("toString"))).isEmpty();
  }

  @Test
  void aRateLimitHoldsNoLeaseToPassOn() {
    MethodGuard limited = MethodGuard.rateLimited("capture", List.of(String.class, int.class),
        RateLimit.perKeyWindow(5), (arguments, secret) -> null);

    assertThatThrownBy(() -> limited.withLeaseParameter(0)).isInstanceOf(IllegalArgumentException.class);
  }
}
