package dev.lockkey.spring.autoconfigure;

import dev.lockkey.Keyspace;
import dev.lockkey.idempotency.IdempotentCalls;
import dev.lockkey.jdbc.JdbcIdempotentCalls;
import dev.lockkey.jdbc.JdbcLockExecutor;
import dev.lockkey.jdbc.JdbcLockExecutorBuilder;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.permit.Permits;
import dev.lockkey.rwlock.ReadWriteLocks;
import dev.lockkey.spring.guard.LockKeyGuardAutoConfiguration;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.DependsOn;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * LockKey on the application's relational database ({@code lockkey.backend=jdbc}, PostgreSQL): a
 * {@link JdbcLockExecutor} on the application's one {@link DataSource} with the {@code lockkey.lock.*}
 * defaults, and {@link IdempotentCalls} whose records join the caller's Spring transaction (so an
 * {@code @Idempotent} method in a {@code @Transactional} one commits or rolls back its record with
 * its rows). Locks take connections of their own from the pool, outside any transaction: a lock is
 * held across transactions, not inside one. The tables are created when
 * {@code lockkey.jdbc.initialize-schema} asks for it. Each bean yields to one of the application's own
 * of its type; the context closes the executor, never the {@link DataSource}.
 *
 * <p>Chosen by the property, never by the presence of a {@link DataSource}: nearly every
 * application has one, Redis users included, and servers that picked their backend by their class
 * path would, after a dependency change on some of them, lock in two stores and exclude nobody.
 */
@AutoConfiguration(before = LockKeyGuardAutoConfiguration.class, afterName = {
    "org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration", // Boot 3
    "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration"}) // Boot 4
@ConditionalOnClass({JdbcLockExecutor.class, DataSourceUtils.class})
@ConditionalOnProperty(prefix = "lockkey", name = "backend", havingValue = "jdbc")
@ConditionalOnSingleCandidate(DataSource.class)
@EnableConfigurationProperties(LockKeyJdbcProperties.class)
@Import(LockKeyCommonConfiguration.class)
public class LockKeyJdbcAutoConfiguration {
  /** The name of the bean that creates the tables, which the executor and the calls wait for. */
  static final String SCHEMA = "lockKeyJdbcSchema";

  /**
   * Records of idempotent calls in the table {@code lockkey.jdbc.idempotency-table}, for calls that
   * pass their own {@code Connection}, unless the application defines its own
   * {@link JdbcIdempotentCalls} bean.
   *
   * @param keyspace the key space bean
   * @param jdbc the bound {@code lockkey.jdbc.*} properties
   * @return the calls
   */
  @Bean
  @ConditionalOnMissingBean
  public JdbcIdempotentCalls lockKeyJdbcIdempotentCalls(Keyspace keyspace, LockKeyJdbcProperties jdbc) {
    return JdbcIdempotentCalls.create(keyspace, jdbc.idempotencyTable());
  }

  @Bean(SCHEMA)
  JdbcSchemaInitializer lockKeyJdbcSchema(DataSource dataSource, LockKeyJdbcProperties jdbc,
      JdbcIdempotentCalls calls) {
    return new JdbcSchemaInitializer(dataSource, jdbc, calls);
  }

  /**
   * The lock executor on the application's {@link DataSource}, told about every {@link LockListener}
   * bean; closed with the context. Yields to the application's own {@link JdbcLockExecutor} bean.
   *
   * @param dataSource the application's data source; the executor takes a connection per statement
   *     and one for its release listener
   * @param keyspace the key space bean
   * @param properties the bound {@code lockkey.*} properties; {@code lockkey.lock.*} give the default options
   * @param jdbc the bound {@code lockkey.jdbc.*} properties
   * @param listeners every {@link LockListener} bean, in order
   * @return the executor
   */
  @Bean
  @DependsOn(SCHEMA)
  @ConditionalOnMissingBean
  public JdbcLockExecutor lockKeyExecutor(DataSource dataSource, Keyspace keyspace, LockKeyProperties properties,
      LockKeyJdbcProperties jdbc, ObjectProvider<LockListener> listeners) {
    return builder(dataSource, keyspace, properties, jdbc, listeners).build();
  }

  /**
   * Permits ({@code @Permitted} methods) in the lock table's holders table, with the executor's
   * table, listeners, poll interval and operation timeout; closed with the context. Yields to the
   * application's own {@link Permits} bean.
   *
   * @param dataSource the application's data source; the permits take a connection per statement
   *     or short transaction, and one for their release listener
   * @param keyspace the key space bean
   * @param properties the bound {@code lockkey.*} properties
   * @param jdbc the bound {@code lockkey.jdbc.*} properties
   * @param listeners every {@link LockListener} bean, in order
   * @return the permits
   */
  @Bean
  @DependsOn(SCHEMA)
  @ConditionalOnMissingBean
  public Permits lockKeyPermits(DataSource dataSource, Keyspace keyspace, LockKeyProperties properties,
      LockKeyJdbcProperties jdbc, ObjectProvider<LockListener> listeners) {
    return builder(dataSource, keyspace, properties, jdbc, listeners).buildPermits();
  }

  /**
   * Read/write locks ({@code @ReadLocked} and {@code @WriteLocked} methods) in the lock table's
   * holders table, as {@link #lockKeyPermits}; closed with the context. Yields to the application's
   * own {@link ReadWriteLocks} bean.
   *
   * @param dataSource the application's data source
   * @param keyspace the key space bean
   * @param properties the bound {@code lockkey.*} properties
   * @param jdbc the bound {@code lockkey.jdbc.*} properties
   * @param listeners every {@link LockListener} bean, in order
   * @return the read/write locks
   */
  @Bean
  @DependsOn(SCHEMA)
  @ConditionalOnMissingBean
  public ReadWriteLocks lockKeyReadWriteLocks(DataSource dataSource, Keyspace keyspace, LockKeyProperties properties,
      LockKeyJdbcProperties jdbc, ObjectProvider<LockListener> listeners) {
    return builder(dataSource, keyspace, properties, jdbc, listeners).buildReadWriteLocks();
  }

  /** One builder for the executor, the permits and the read/write locks: the same table and settings. */
  private static JdbcLockExecutorBuilder builder(DataSource dataSource, Keyspace keyspace, LockKeyProperties properties,
      LockKeyJdbcProperties jdbc, ObjectProvider<LockListener> listeners) {
    LockKeyProperties.Lock lock = properties.lock();
    return JdbcLockExecutor.builder(dataSource, keyspace)
        .table(jdbc.lockTable())
        .defaultOptions(LockOptions.builder()
            .leaseTime(lock.leaseTime())
            .waitTime(lock.waitTime())
            .renewal(lock.renewal())
            .build())
        .maxPollInterval(jdbc.maxPollInterval())
        .operationTimeout(jdbc.operationTimeout())
        .listener(LockListener.all(listeners.orderedStream().toArray(LockListener[]::new)));
  }

  /**
   * Idempotent calls that join the caller's Spring transaction on the application's
   * {@link DataSource} (a new one when the caller is in none), unless the application defines its
   * own {@link IdempotentCalls} bean; {@code @Idempotent} methods run through them.
   *
   * @param calls the {@link JdbcIdempotentCalls} bean, whose table holds the records
   * @param dataSource the application's data source, whose transaction-bound connection the records join
   * @param transactionManager the application's transaction manager, for a caller in no transaction
   * @return the idempotent calls
   */
  @Bean
  @DependsOn(SCHEMA)
  @ConditionalOnMissingBean
  public IdempotentCalls lockKeyIdempotentCalls(JdbcIdempotentCalls calls, DataSource dataSource,
      ObjectProvider<PlatformTransactionManager> transactionManager) {
    return calls.joining(new SpringCallerTransaction(dataSource, transactionManager));
  }
}
