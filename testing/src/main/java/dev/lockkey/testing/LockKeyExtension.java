package dev.lockkey.testing;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The JUnit 5 extension behind {@link LockKeyTest}: register it with {@code @LockKeyTest} (which
 * also takes settings), or {@code @ExtendWith(LockKeyExtension.class)} for the defaults.
 *
 * <p>It resolves parameters of these types, in test methods, {@code @BeforeEach} and
 * {@code @BeforeAll} methods and constructors, starting servers only when asked for:
 * <ul>
 *   <li>{@link TestRedis}: a Redis server and the test's key space;
 *   <li>{@link TestCluster}: a Redis Cluster and the test's key space;
 *   <li>{@link RedisReplicationFixture}: a primary with a replica of the test's own, to fail over.
 * </ul>
 * What a test method (or its {@code @BeforeEach}) gets belongs to that test: its key space is its
 * own, and after it the extension fails the test if a lock is left in that key space, then closes
 * every client and proxy it handed out and stops the servers started for it. What a
 * {@code @BeforeAll} method gets belongs to the class and ends after all its tests.
 */
public final class LockKeyExtension implements ParameterResolver, AfterEachCallback, AfterAllCallback {
  private static final Namespace NAMESPACE = Namespace.create(LockKeyExtension.class);
  private static final List<Class<?>> RESOLVED = List.of(TestRedis.class, TestCluster.class,
      RedisReplicationFixture.class);

  /** The extension, as JUnit creates it from {@code @ExtendWith} or {@code @LockKeyTest}. */
  public LockKeyExtension() {}

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return RESOLVED.contains(parameter.getParameter().getType());
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    TestSession session = session(context);
    try {
      if (type == TestRedis.class) {
        return session.redis();
      }
      if (type == TestCluster.class) {
        return session.cluster();
      }
      return session.replication();
    } catch (RuntimeException e) {
      throw new ParameterResolutionException("cannot start Redis for " + parameter.getParameter()
          + " of " + context.getDisplayName() + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void afterEach(ExtensionContext context) {
    end(context);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    end(context);
  }

  /** Checks for leftover locks, then closes what the context was handed, whatever the check found. */
  private static void end(ExtensionContext context) {
    TestSession session = context.getStore(NAMESPACE).remove(context.getUniqueId(), TestSession.class);
    if (session == null) {
      return;
    }
    try (session) {
      session.checkNoLeftoverLocks();
    }
  }

  /**
   * The session of this very context: keyed by its unique id, because a store lookup falls back to
   * the parent's store and a test must not get its class's key space. Stored so that JUnit closes
   * it even if {@link #end} is never reached.
   */
  private static TestSession session(ExtensionContext context) {
    return context.getStore(NAMESPACE).getOrComputeIfAbsent(context.getUniqueId(), id -> newSession(context),
        TestSession.class);
  }

  private static TestSession newSession(ExtensionContext context) {
    Optional<LockKeyTest> settings = context.getTestMethod().flatMap(LockKeyExtension::find)
        .or(() -> context.getTestClass().flatMap(testClass -> findOnClass(testClass, context)));
    String name = context.getTestMethod().map(Method::getName)
        .orElseGet(() -> context.getRequiredTestClass().getSimpleName());
    return new TestSession(TestKeyspaceNames.of(name, context.getUniqueId()),
        settings.map(LockKeyTest::isolation).orElse(Isolation.KEYSPACE),
        settings.map(test -> List.of(test.leftoverLocks())).orElse(List.of("lock")),
        settings.map(LockKeyTest::redisServer).orElse(""));
  }

  private static Optional<LockKeyTest> find(AnnotatedElement element) {
    return AnnotationSupport.findAnnotation(element, LockKeyTest.class);
  }

  /** On the class, its superclasses, or the classes a {@code @Nested} class sits in. */
  private static Optional<LockKeyTest> findOnClass(Class<?> testClass, ExtensionContext context) {
    return AnnotationSupport.findAnnotation(testClass, LockKeyTest.class, context.getEnclosingTestClasses());
  }
}
