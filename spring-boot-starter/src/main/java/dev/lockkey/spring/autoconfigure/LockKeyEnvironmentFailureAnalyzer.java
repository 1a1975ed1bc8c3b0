package dev.lockkey.spring.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Turns a missing or invalid {@code lockkey.environment} into a startup report that says how to set it. */
public final class LockKeyEnvironmentFailureAnalyzer extends AbstractFailureAnalyzer<LockKeyEnvironmentException> {
  private static final String HOW_TO_SET = "Set lockkey.environment to one word per deployment, e.g. "
      + "lockkey.environment=prod in application.properties, or the environment variable LOCKKEY_ENVIRONMENT=prod. "
      + "A word is 1 to 64 characters of a-z, 0-9, '-' and '_'. Applications lock each other only within one "
      + "environment, so staging and production sharing a Redis never share a lock.";

  @Override
  protected FailureAnalysis analyze(Throwable rootFailure, LockKeyEnvironmentException cause) {
    String description = cause.value() == null
        ? "LockKey needs an environment word for its Redis keys (lock:<environment>:{...}), "
            + "and lockkey.environment is not set."
        : "LockKey needs an environment word for its Redis keys (lock:<environment>:{...}), "
            + "and lockkey.environment='" + cause.value() + "' is none: " + cause.getCause().getMessage();
    return new FailureAnalysis(description, HOW_TO_SET, cause);
  }
}
