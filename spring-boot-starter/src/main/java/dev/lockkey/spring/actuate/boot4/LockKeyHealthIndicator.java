package dev.lockkey.spring.actuate.boot4;

import dev.lockkey.spring.actuate.LockKeyHealth;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/** {@link LockKeyHealth} as a Spring Boot 4 health indicator ({@code org.springframework.boot.health.contributor}). */
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
