package dev.lockkey.dynamodb;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Gives a test class one dynalite server and one client of it ({@link TestClients#on}), shared by
 * every class of the run and closed when the run ends, so no class keeps a client of its own to
 * close. Where Node.js is missing the class is skipped, and reported as skipped with the reason:
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
    Class<?> type = parameter.getParameter().getType();
    return type == DynaliteServer.class || type == DynamoDbClient.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    ExtensionContext.Store store = context.getRoot().getStore(NAMESPACE);
    DynaliteServer server = store.getOrComputeIfAbsent("server", key -> DynaliteServer.start(), DynaliteServer.class);
    // stored after the server, so closed before it
    return parameter.getParameter().getType() == DynaliteServer.class
        ? server
        : store.getOrComputeIfAbsent("client", key -> TestClients.on(server.port()), DynamoDbClient.class);
  }
}
