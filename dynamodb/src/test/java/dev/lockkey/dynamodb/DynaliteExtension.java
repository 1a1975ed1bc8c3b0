package dev.lockkey.dynamodb;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives a test class one dynalite server, shared by every class of the run and stopped when the
 * run ends. Where Node.js is missing the class is skipped, and reported as skipped with the reason:
 * never run as if it had passed.
 */
final class DynaliteExtension implements ExecutionCondition, ParameterResolver {
  private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(DynaliteExtension.class);

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    String reason = context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent("skip", key -> skipReason(), String.class);
    return reason.isEmpty()
        ? ConditionEvaluationResult.enabled("Node.js is there to run dynalite")
        : ConditionEvaluationResult.disabled(reason);
  }

  /** Why the DynamoDB tests cannot run here, said once on the console too (Maven prints no skip reasons), or "". */
  private static String skipReason() {
    return DynaliteServer.missingTools().map(missing -> {
      String reason = "SKIPPED: the DynamoDB tests run dynalite (a DynamoDB-compatible server) with Node.js 18+"
          + " and npm, and this machine has " + missing;
      System.err.println(reason);
      return reason;
    }).orElse("");
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == DynaliteServer.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return context.getRoot().getStore(NAMESPACE)
        .getOrComputeIfAbsent("server", key -> DynaliteServer.start(), DynaliteServer.class);
  }
}
