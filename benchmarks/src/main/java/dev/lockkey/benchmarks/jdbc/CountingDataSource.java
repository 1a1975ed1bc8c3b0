package dev.lockkey.benchmarks.jdbc;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import javax.sql.DataSource;

/**
 * A pool as a contender sees it, counting the database round trips the contender asks for: every
 * statement executed, every commit and every rollback. The driver's own sends are not seen (with
 * PostgreSQL's driver a {@code BEGIN} travels with the transaction's first statement, so it costs
 * no trip of its own). A wrapper that forwards every call, not a stand-in: the database is real.
 */
public final class CountingDataSource {
  private static final Set<String> EXECUTES =
      Set.of("execute", "executeQuery", "executeUpdate", "executeLargeUpdate", "executeBatch", "executeLargeBatch");
  private static final Set<String> ENDS = Set.of("commit", "rollback");

  private final LongAdder trips = new LongAdder();
  private final DataSource counted;

  /** Counts what goes through {@code pool}. */
  public CountingDataSource(DataSource pool) {
    this.counted = proxy(DataSource.class, pool);
  }

  /** The pool to hand to the contender. */
  public DataSource dataSource() {
    return counted;
  }

  /** The round trips so far. */
  public long trips() {
    return trips.sum();
  }

  private <T> T proxy(Class<T> type, Object target) {
    InvocationHandler handler = (self, method, args) -> {
      String name = method.getName();
      if (EXECUTES.contains(name) || ENDS.contains(name) && method.getDeclaringClass() == Connection.class) {
        trips.increment();
      }
      Object result = invoke(method, target, args);
      if (result instanceof Connection connection && type == DataSource.class) {
        return proxy(Connection.class, connection);
      }
      if (result instanceof Statement statement && type == Connection.class) {
        return proxy(interfaceOf(statement), statement);
      }
      return result;
    };
    return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
  }

  @SuppressWarnings("unchecked")
  private static Class<Statement> interfaceOf(Statement statement) {
    if (statement instanceof java.sql.CallableStatement) {
      return (Class<Statement>) (Class<?>) java.sql.CallableStatement.class;
    }
    if (statement instanceof java.sql.PreparedStatement) {
      return (Class<Statement>) (Class<?>) java.sql.PreparedStatement.class;
    }
    return Statement.class;
  }

  private static Object invoke(Method method, Object target, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
