package dev.lockkey.spring.actuate.boot3;

import dev.lockkey.spring.actuate.LockKeyHealth;
import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;

/** {@link LockKeyHealth} as a Spring Boot 3 health indicator ({@code org.springframework.boot.actuate.health}). */
public final class LockKeyHealthIndicator extends AbstractHealthIndicator {
  private final LockKeyHealth health;

  /**
   * An indicator reporting {@code health}'s checks.
   *
   * @param health the check run on every health request
   */
  public LockKeyHealthIndicator(LockKeyHealth health) {
    super("LockKey health check failed");
    this.health = health;
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) {
    LockKeyHealth.Report report = health.check();
    (report.up() ? builder.up() : builder.down()).withDetails(report.details());
  }
}
